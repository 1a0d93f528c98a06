import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import type { MemberScore } from './member-score';
import { type LendingHistory, platformScore } from './platform-score';

/**
 * Each borrower's settled loans, from chain-finalized records only: a loan counts once the block
 * that settled it can no longer be reorganised away ('pending' and 'safe' rows are not evidence
 * yet). Members without a settled loan have no row, so they get no score.
 */
const SETTLED_LOANS_BY_BORROWER = `
  SELECT "borrower_user_id" AS "userId",
         count(*) FILTER (WHERE "status" = 'repaid' AND "repaid_at" <= "due_date")::int
           AS "repaidOnTime",
         count(*) FILTER (WHERE "status" = 'repaid' AND ("repaid_at" <= "due_date") IS NOT TRUE)::int
           AS "repaidLate",
         count(*) FILTER (WHERE "status" = 'defaulted')::int AS "defaulted"
    FROM "app"."loan_requests"
   WHERE "finality" = 'finalized'
     AND "borrower_user_id" IS NOT NULL
     AND "status" IN ('repaid', 'defaulted')
   GROUP BY "borrower_user_id"
   ORDER BY "borrower_user_id"`;

/** The platform's own score for every member with chain-verified lending history. */
@Injectable()
export class PlatformScores {
  constructor(private readonly dataSource: DataSource) {}

  async list(): Promise<MemberScore[]> {
    const rows: (LendingHistory & { userId: string })[] =
      await this.dataSource.query(SETTLED_LOANS_BY_BORROWER);
    return rows.map(({ userId, ...history }) => ({ userId, totalScore: platformScore(history) }));
  }
}
