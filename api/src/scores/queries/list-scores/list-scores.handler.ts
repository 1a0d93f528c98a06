import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

import { PlatformScores } from '../../platform-scores';
import { SCORE_PROVIDER, type ScoreProvider } from '../../score-provider';
import { ListScoresQuery, type ScoreList } from './list-scores.query';

@QueryHandler(ListScoresQuery)
export class ListScoresHandler implements IQueryHandler<ListScoresQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly platformScores: PlatformScores,
    @Inject(SCORE_PROVIDER) private readonly provider: ScoreProvider | null,
  ) {}

  async execute(): Promise<ScoreList> {
    if (this.provider !== null) {
      const scores = await this.provider.scoresFor(await this.borrowerIds());
      if (scores !== null) {
        return { scores, source: 'confirmu' };
      }
    }
    return { scores: await this.platformScores.list(), source: 'platform' };
  }

  /** Scores are shown beside borrowers: every member who has asked for a loan. */
  private async borrowerIds(): Promise<string[]> {
    const rows: { userId: string }[] = await this.dataSource.query(
      `SELECT DISTINCT "borrower_user_id" AS "userId"
         FROM "app"."loan_requests"
        WHERE "borrower_user_id" IS NOT NULL`,
    );
    return rows.map((row) => row.userId);
  }
}
