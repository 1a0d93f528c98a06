import { Injectable } from '@nestjs/common';

import { LendingReads } from '../lending/lending-reads';
import type { MemberScore } from './member-score';
import { platformScore, type SettledLoan } from './platform-score';

/**
 * The platform's own score for every member with chain-verified lending history: their settled
 * loans as a borrower (chain-finalized loans of the wallets they have linked), as lending answers
 * them. Members none of whose settled loans counts get no score.
 */
@Injectable()
export class PlatformScores {
  constructor(private readonly lending: LendingReads) {}

  async list(): Promise<MemberScore[]> {
    const byBorrower = new Map<string, SettledLoan[]>();
    for (const { borrowerId, ...loan } of await this.lending.settledLoans()) {
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
  borrowerIds(): Promise<string[]> {
    return this.lending.borrowerIds();
  }
}
