import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

import { text } from '../../../common/text';

export const reportPostBody = z.object({
  postId: text({ name: 'Post id', required: 'Please say which post to report' }),
  reason: text({ name: 'Reason', multiline: true })
    .max(500, { error: 'A reason can be at most 500 characters.' })
    .optional(),
});
export type ReportPostBody = z.infer<typeof reportPostBody>;

export interface ReportResult {
  /** False when the caller had reported this post before (a member's report counts once). */
  reported: boolean;
}

/**
 * Reports a post. Each member's report is recorded once; the post is hidden from everyone but its
 * author once `COMMUNITY_REPORTS_TO_HIDE` different members whose accounts were at least
 * `COMMUNITY_REPORTER_MIN_AGE_HOURS` old when they reported it did so.
 */
export class ReportPostCommand extends Command<ReportResult> {
  constructor(
    readonly reporterId: string,
    readonly body: ReportPostBody,
  ) {
    super();
  }
}
