import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { AcademyReads } from '../../academy-reads';
import type { AcademyCategoryView } from '../../academy-views';

export class ListAcademyCategoriesQuery extends Query<AcademyCategoryView[]> {}

@QueryHandler(ListAcademyCategoriesQuery)
export class ListAcademyCategoriesHandler implements IQueryHandler<ListAcademyCategoriesQuery> {
  constructor(private readonly reads: AcademyReads) {}

  execute(): Promise<AcademyCategoryView[]> {
    return this.reads.categories();
  }
}
