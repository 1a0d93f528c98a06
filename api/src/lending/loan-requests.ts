import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

import type { LoanStatus } from './projection/loan-status';
import { isUuid } from '../common/ids';
import { lendingErrors } from './lending-errors';
import type { LoanRequestView } from './loan-request-view';
import { GetLoanRequestQuery } from './queries/get-loan-request/get-loan-request.query';

/** What the commands need to know about a loan request before acting on it. */
export interface LoanRequestRecord {
  id: string;
  loanChainId: bigint;
  status: LoanStatus | null;
  borrowerWallet: string | null;
  /** The member who recorded it, when their wallet is the chain's borrower. */
  borrowerUserId: string | null;
}

@Injectable()
export class LoanRequests {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queries: QueryBus,
  ) {}

  async find(id: string): Promise<LoanRequestRecord> {
    const [row] = isUuid(id)
      ? await this.dataSource.query<
          {
            id: string;
            loan_chain_id: string;
            status: LoanStatus | null;
            borrower_wallet: string | null;
            borrower_user_id: string | null;
          }[]
        >(
          `SELECT id, loan_chain_id::text AS loan_chain_id, status, borrower_wallet,
                  CASE WHEN wallet_address = borrower_wallet THEN borrower_user_id END
                    AS borrower_user_id
           FROM app.loan_requests WHERE id = $1 AND status IS NOT NULL`,
          [id],
        )
      : [];
    if (row === undefined) {
      throw lendingErrors.notFound();
    }
    return {
      id: row.id,
      loanChainId: BigInt(row.loan_chain_id),
      status: row.status,
      borrowerWallet: row.borrower_wallet,
      borrowerUserId: row.borrower_user_id,
    };
  }

  view(id: string): Promise<LoanRequestView> {
    return this.queries.execute(new GetLoanRequestQuery(id));
  }
}
