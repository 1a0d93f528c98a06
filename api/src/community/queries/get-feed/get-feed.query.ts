import { Query } from '@nestjs/cqrs';
import { z } from 'zod';

import type { PostView } from '../../post-view';

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
