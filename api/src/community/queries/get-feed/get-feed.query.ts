import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { z } from 'zod';

import { isUuid } from '../../../common/ids';
import { Sql } from '../../../database/sql';
import { communityErrors } from '../../community-errors';
import { POST_VIEW_COLUMNS, type PostView } from '../../post-view';

const pageError = 'page must be a whole number from 1';
const limitError = 'limit must be a whole number from 1 to 50';

export const feedParams = z.object({
  page: z.coerce
    .number({ error: pageError })
    .int({ error: pageError })
    .min(1, { error: pageError })
    .max(10_000, { error: pageError })
    .default(1),
  limit: z.coerce
    .number({ error: limitError })
    .int({ error: limitError })
    .min(1, { error: limitError })
    .max(50, { error: limitError })
    .default(20),
});
export type FeedParams = z.infer<typeof feedParams>;

/**
 * One page of a category's posts (every category's when `$1` is null), newest first, as the
 * caller may see them: without the posts of members the caller blocked, and without hidden posts
 * unless the caller wrote them.
 */
export const FEED_SQL = `
  SELECT ${POST_VIEW_COLUMNS}
  FROM app.posts p
  JOIN app.users u ON u.id = p.user_id
  WHERE ($1::uuid IS NULL OR p.category_id = $1)
    AND (p.hidden_at IS NULL OR p.user_id = $2)
    AND NOT EXISTS (
      SELECT 1 FROM app.user_blocks b WHERE b.blocker_id = $2 AND b.blocked_id = p.user_id
    )
  ORDER BY p.created_at DESC, p.id DESC
  LIMIT $3 OFFSET $4`;

export class GetFeedQuery extends Query<PostView[]> {
  constructor(
    readonly callerId: string,
    /** null: the posts of every category (the page's 'All'). */
    readonly categoryId: string | null,
    readonly params: FeedParams,
  ) {
    super();
  }
}

@QueryHandler(GetFeedQuery)
export class GetFeedHandler implements IQueryHandler<GetFeedQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: Sql,
  ) {}

  async execute({ callerId, categoryId, params }: GetFeedQuery): Promise<PostView[]> {
    if (categoryId !== null && !isUuid(categoryId)) {
      throw communityErrors.categoryNotFound();
    }
    const posts = await this.sql.rows<PostView>(FEED_SQL, [
      categoryId,
      callerId,
      params.limit,
      (params.page - 1) * params.limit,
    ]);
    // An empty page is either the end of the feed or a category that does not exist.
    if (posts.length === 0 && categoryId !== null) {
      const [category] = await this.dataSource.query<unknown[]>(
        `SELECT 1 FROM app.community_categories WHERE id = $1`,
        [categoryId],
      );
      if (category === undefined) {
        throw communityErrors.categoryNotFound();
      }
    }
    return posts;
  }
}
