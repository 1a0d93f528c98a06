import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';

import { Sql } from '../../../database/sql';
import { LendingChain } from '../../chain/lending-chain';
import {
  LOAN_REQUEST_FROM,
  LOAN_REQUEST_SELECT,
  type LoanRequestRow,
  toLoanRequestView,
} from '../../loan-request-view';
import { ChainVerification } from '../../projection/chain-verification';
import { ListLoanRequestsQuery, type LoanRequestPage } from './list-loan-requests.query';

/**
 * Newest first; loans the chain no longer has (status null after a reorg) are not listed. The
 * answer says whether the indexer vouches for it (`verification`).
 */
@QueryHandler(ListLoanRequestsQuery)
export class ListLoanRequestsHandler implements IQueryHandler<ListLoanRequestsQuery> {
  constructor(
    private readonly sql: Sql,
    private readonly chain: LendingChain,
    private readonly verification: ChainVerification,
  ) {}

  async execute({ callerId, params }: ListLoanRequestsQuery): Promise<LoanRequestPage> {
    const where = ['r.chain_id = $1', 'r.status IS NOT NULL'];
    const values: unknown[] = [this.chain.chainId];
    const add = (clause: (n: number) => string, value: unknown) => {
      values.push(value);
      where.push(clause(values.length));
    };
    if (params.status !== undefined) {
      add((n) => `r.status = $${n}`, params.status);
    }
    // Members by their linked wallets: `bw`/`lw` are the borrower's and lender's links.
    if (params.borrower !== undefined) {
      add((n) => `bw.user_id = $${n}`, params.borrower === 'me' ? callerId : params.borrower);
    }
    if (params.lender === 'me') {
      add((n) => `lw.user_id = $${n}`, callerId);
    } else if (params.lender !== undefined) {
      add((n) => `r.lender_wallet = $${n}`, params.lender.toLowerCase());
    }
    const filter = `WHERE ${where.join(' AND ')}`;
    const offset = (params.page - 1) * params.limit;
    // The page is bound, not spliced: one prepared statement serves every page.
    const page = values.length;
    const [rows, [count], verification] = await Promise.all([
      this.sql.rows<LoanRequestRow>(
        `${LOAN_REQUEST_SELECT} ${filter}
         ORDER BY r.requested_at DESC, r.loan_chain_id DESC
         LIMIT $${page + 1} OFFSET $${page + 2}`,
        [...values, params.limit, offset],
      ),
      this.sql.rows<{ total: number }>(
        `SELECT count(*)::int AS total ${LOAN_REQUEST_FROM} ${filter}`,
        values,
      ),
      this.verification.current(),
    ]);
    const total = count?.total ?? 0;
    const maxAprBps = rows.length === 0 ? 0 : this.chain.platformMaxAprBps();
    return {
      loanRequests: rows.map((row) => toLoanRequestView(row, maxAprBps, verification)),
      pagination: {
        page: params.page,
        limit: params.limit,
        total,
        pages: Math.ceil(total / params.limit),
      },
      verification,
    };
  }
}
