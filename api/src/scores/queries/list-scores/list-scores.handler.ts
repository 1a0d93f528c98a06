import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';

import type { MemberScore } from '../../member-score';
import { PlatformScores } from '../../platform-scores';
import { SCORE_PROVIDER, type ScoreProvider } from '../../score-provider';
import { ListScoresQuery, type ScoreList } from './list-scores.query';

@QueryHandler(ListScoresQuery)
export class ListScoresHandler implements IQueryHandler<ListScoresQuery> {
  constructor(
    private readonly platformScores: PlatformScores,
    @Inject(SCORE_PROVIDER) private readonly provider: ScoreProvider | null,
  ) {}

  async execute({ memberIds }: ListScoresQuery): Promise<ScoreList> {
    const wanted = new Set(memberIds);
    const only = (scores: MemberScore[]) => scores.filter((score) => wanted.has(score.userId));
    if (this.provider !== null) {
      // ConfirmU is asked about every borrower at once, so one cached answer serves every page.
      const scores = await this.provider.scoresFor(await this.platformScores.borrowerIds());
      if (scores !== null) {
        return { scores: only(scores), source: 'confirmu' };
      }
    }
    return { scores: only(await this.platformScores.list()), source: 'platform' };
  }
}
