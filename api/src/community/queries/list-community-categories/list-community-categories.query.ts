import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

/** SPEC §3 "Community category", with the slug beside it. */
export interface CommunityCategoryView {
  _id: string;
  title: string;
  slug: string;
}

export class ListCommunityCategoriesQuery extends Query<CommunityCategoryView[]> {}

@QueryHandler(ListCommunityCategoriesQuery)
export class ListCommunityCategoriesHandler implements IQueryHandler<ListCommunityCategoriesQuery> {
  constructor(private readonly dataSource: DataSource) {}

  execute(): Promise<CommunityCategoryView[]> {
    return this.dataSource.query<CommunityCategoryView[]>(
      `SELECT id AS "_id", title, slug FROM app.community_categories ORDER BY position`,
    );
  }
}
