import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';

import { PlatformScores } from '../../platform-scores';
import { SCORE_PROVIDER, type ScoreProvider } from '../../score-provider';
import { ListScoresQuery, type ScoreList } from './list-scores.query';

@QueryHandler(ListScoresQuery)
export class ListScoresHandler implements IQueryHandler<ListScoresQuery> {
  constructor(
    private readonly platformScores: PlatformScores,
    @Inject(SCORE_PROVIDER) private readonly provider: ScoreProvider | null,
  ) {}

  async execute(): Promise<ScoreList> {
    if (this.provider !== null) {
      const scores = await this.provider.scoresFor(await this.platformScores.borrowerIds());
      if (scores !== null) {
        return { scores, source: 'confirmu' };
      }
    }
    return { scores: await this.platformScores.list(), source: 'platform' };
  }
}
