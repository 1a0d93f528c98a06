import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';

import { isUuid } from '../../../common/ids';
import { communityErrors } from '../../community-errors';
import { CommunityStore } from '../../community.store';
import type { PostView } from '../../post-view';
import { GetFeedQuery } from './get-feed.query';

@QueryHandler(GetFeedQuery)
export class GetFeedHandler implements IQueryHandler<GetFeedQuery> {
  constructor(private readonly store: CommunityStore) {}

  async execute({ callerId, categoryId, params }: GetFeedQuery): Promise<PostView[]> {
    if (categoryId !== null && !isUuid(categoryId)) {
      throw communityErrors.categoryNotFound();
    }
    const posts = await this.store.feed(callerId, categoryId, {
      limit: params.limit,
      offset: (params.page - 1) * params.limit,
    });
    // An empty page is either the end of the feed or a category that does not exist.
    if (
      posts.length === 0 &&
      categoryId !== null &&
      !(await this.store.categoryExists(categoryId))
    ) {
      throw communityErrors.categoryNotFound();
    }
    return posts;
  }
}
