import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { z } from 'zod';

import { isUuid } from '../../../common/ids';
import { communityErrors } from '../../community-errors';
import { REPORTS_TO_HIDE } from '../../post-view';

export const reportPostBody = z.object({
  postId: z.string({ error: 'Please say which post to report' }).trim().min(1, {
    error: 'Please say which post to report',
  }),
  reason: z
    .string()
    .trim()
    .max(500, { error: 'A reason can be at most 500 characters.' })
    .optional(),
});
export type ReportPostBody = z.infer<typeof reportPostBody>;

export interface ReportResult {
  /** False when the caller had reported this post before (a member's report counts once). */
  reported: boolean;
}

/**
 * Reports a post. Each member's report counts once; the post is hidden from everyone but its
 * author once {@link REPORTS_TO_HIDE} different members reported it.
 */
export class ReportPostCommand extends Command<ReportResult> {
  constructor(
    readonly reporterId: string,
    readonly body: ReportPostBody,
  ) {
    super();
  }
}

@CommandHandler(ReportPostCommand)
export class ReportPostHandler implements ICommandHandler<ReportPostCommand> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ reporterId, body }: ReportPostCommand): Promise<ReportResult> {
    const [post] = isUuid(body.postId)
      ? await this.dataSource.query<{ user_id: string }[]>(
          `SELECT user_id FROM app.posts WHERE id = $1`,
          [body.postId],
        )
      : [];
    if (post === undefined) {
      throw communityErrors.postNotFound();
    }
    if (post.user_id === reporterId) {
      throw communityErrors.reportOwnPost();
    }
    return this.dataSource.transaction(async (manager) => {
      const [report] = await manager.query<unknown[]>(
        `INSERT INTO app.post_reports (post_id, reporter_id, reason) VALUES ($1, $2, $3)
         ON CONFLICT (post_id, reporter_id) DO NOTHING RETURNING 1`,
        [body.postId, reporterId, body.reason ?? null],
      );
      if (report === undefined) {
        return { reported: false };
      }
      // One row update: concurrent reports count up one by one, and the third hides the post.
      await manager.query(
        `UPDATE app.posts SET
           report_count = report_count + 1,
           hidden_at = CASE WHEN report_count + 1 >= $2 THEN coalesce(hidden_at, now()) END
         WHERE id = $1`,
        [body.postId, REPORTS_TO_HIDE],
      );
      return { reported: true };
    });
  }
}
