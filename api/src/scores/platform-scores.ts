import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { ListBorrowerHistoriesQuery } from '../lending/queries/list-borrower-histories/list-borrower-histories.query';
import type { MemberScore } from './member-score';
import { platformScore, type SettledLoan } from './platform-score';
import { SettledLoans } from './settled-loans';

/**
 * The platform's own score for every member with chain-verified lending history: their settled
 * loans as a borrower (chain-finalized loans of the wallets they have linked). Members none of
 * whose settled loans counts get no score.
 */
@Injectable()
export class PlatformScores {
  constructor(
    private readonly queries: QueryBus,
    private readonly settledLoans: SettledLoans,
  ) {}

  async list(): Promise<MemberScore[]> {
    const byBorrower = new Map<string, SettledLoan[]>();
    for (const { borrowerId, ...loan } of await this.settledLoans.list()) {
      const loans = byBorrower.get(borrowerId) ?? [];
      loans.push(loan);
      byBorrower.set(borrowerId, loans);
    }
    const scores: MemberScore[] = [];
    for (const [userId, loans] of byBorrower) {
      const totalScore = platformScore(userId, loans);
      if (totalScore !== null) {
        scores.push({ userId, totalScore });
      }
    }
    return scores;
  }

  /** Scores are shown beside borrowers: every member who has borrowed from a linked wallet. */
  async borrowerIds(): Promise<string[]> {
    const histories = await this.queries.execute(new ListBorrowerHistoriesQuery());
    return histories.map((history) => history.userId);
  }
}
