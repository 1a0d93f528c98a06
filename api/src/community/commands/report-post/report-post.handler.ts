import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

import { isUuid } from '../../../common/ids';
import { ENV, type Env } from '../../../config/env';
import { communityErrors } from '../../community-errors';
import { ReportPostCommand, type ReportResult } from './report-post.command';

@CommandHandler(ReportPostCommand)
export class ReportPostHandler implements ICommandHandler<ReportPostCommand> {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

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
      // report_count holds the reports that count: from accounts old enough when they reported,
      // so accounts made to hide a post cannot (the others stay in post_reports for moderators).
      // One row update: concurrent reports count up one by one, and the one that reaches the
      // threshold hides the post. A hidden post stays hidden if the threshold is raised later.
      await manager.query(
        `UPDATE app.posts p SET
           report_count = p.report_count + 1,
           hidden_at = CASE WHEN p.report_count + 1 >= $2 THEN coalesce(p.hidden_at, now())
                            ELSE p.hidden_at END
         FROM app.users reporter
         WHERE p.id = $1
           AND reporter.id = $3
           AND reporter.created_at <= now() - make_interval(hours => $4)`,
        [
          body.postId,
          this.env.COMMUNITY_REPORTS_TO_HIDE,
          reporterId,
          this.env.COMMUNITY_REPORTER_MIN_AGE_HOURS,
        ],
      );
      return { reported: true };
    });
  }
}
