import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

import { LendingChain } from '../../chain/lending-chain';

/** A member's loans as a borrower, through the wallets they have linked. */
export interface BorrowerHistory {
  userId: string;
  /** Chain-finalized loans repaid no later than the due date. */
  repaidOnTime: number;
  /** Chain-finalized loans repaid after the due date (or with no recorded due date or time). */
  repaidLate: number;
  /** Chain-finalized defaulted loans. */
  defaulted: number;
}

/** A loan counts once the block that settled it can no longer be reorganised away. */
const SETTLED = `r.finality = 'finalized'`;

/**
 * Every member who has borrowed from a wallet they linked, with their settled loans counted from
 * chain-finalized rows only ('pending' and 'safe' rows are not evidence yet). Loans of wallets a
 * member has not linked (or has unlinked) are not theirs.
 */
export class ListBorrowerHistoriesQuery extends Query<BorrowerHistory[]> {}

@QueryHandler(ListBorrowerHistoriesQuery)
export class ListBorrowerHistoriesHandler implements IQueryHandler<ListBorrowerHistoriesQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly chain: LendingChain,
  ) {}

  execute(): Promise<BorrowerHistory[]> {
    return this.dataSource.query<BorrowerHistory[]>(
      `SELECT bw.user_id AS "userId",
              count(*) FILTER (WHERE ${SETTLED} AND r.status = 'repaid'
                                 AND r.repaid_at <= r.due_date)::int AS "repaidOnTime",
              count(*) FILTER (WHERE ${SETTLED} AND r.status = 'repaid'
                                 AND (r.repaid_at <= r.due_date) IS NOT TRUE)::int AS "repaidLate",
              count(*) FILTER (WHERE ${SETTLED} AND r.status = 'defaulted')::int AS "defaulted"
       FROM app.loan_requests r
       JOIN app.member_wallets bw ON bw.address = r.borrower_wallet
       WHERE r.chain_id = $1 AND r.status IS NOT NULL
       GROUP BY bw.user_id
       ORDER BY bw.user_id`,
      [this.chain.chainId],
    );
  }
}
