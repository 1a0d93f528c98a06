import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { isUuid } from '../../../common/ids';
import { ENV, type Env } from '../../../config/env';
import { communityErrors } from '../../community-errors';
import { CommunityStore } from '../../community.store';
import { ReportPostCommand, type ReportResult } from './report-post.command';

@CommandHandler(ReportPostCommand)
export class ReportPostHandler implements ICommandHandler<ReportPostCommand> {
  constructor(
    private readonly store: CommunityStore,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async execute({ reporterId, body }: ReportPostCommand): Promise<ReportResult> {
    const authorId = isUuid(body.postId) ? await this.store.postAuthor(body.postId) : undefined;
    if (authorId === undefined) {
      throw communityErrors.postNotFound();
    }
    if (authorId === reporterId) {
      throw communityErrors.reportOwnPost();
    }
    const reported = await this.store.report(body.postId, reporterId, body.reason ?? null, {
      reportsToHide: this.env.COMMUNITY_REPORTS_TO_HIDE,
      reporterMinAgeHours: this.env.COMMUNITY_REPORTER_MIN_AGE_HOURS,
    });
    return { reported };
  }
}
