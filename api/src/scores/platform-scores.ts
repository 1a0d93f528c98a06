import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { ListBorrowerHistoriesQuery } from '../lending/queries/list-borrower-histories/list-borrower-histories.query';
import type { MemberScore } from './member-score';
import { platformScore } from './platform-score';

/**
 * The platform's own score for every member with chain-verified lending history: their settled
 * loans as a borrower (lending's read: chain-finalized loans of the wallets they have linked).
 * Members without a settled loan get no score.
 */
@Injectable()
export class PlatformScores {
  constructor(private readonly queries: QueryBus) {}

  async list(): Promise<MemberScore[]> {
    const histories = await this.queries.execute(new ListBorrowerHistoriesQuery());
    return histories
      .filter((h) => h.repaidOnTime + h.repaidLate + h.defaulted > 0)
      .map(({ userId, ...history }) => ({ userId, totalScore: platformScore(history) }));
  }

  /** Scores are shown beside borrowers: every member who has borrowed from a linked wallet. */
  async borrowerIds(): Promise<string[]> {
    const histories = await this.queries.execute(new ListBorrowerHistoriesQuery());
    return histories.map((history) => history.userId);
  }
}
