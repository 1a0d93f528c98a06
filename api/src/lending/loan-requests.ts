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
  /** The member who linked the chain's borrower wallet, if any. */
  borrowerMemberId: string | null;
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
            borrower_member_id: string | null;
          }[]
        >(
          `SELECT r.id, r.loan_chain_id::text AS loan_chain_id, r.status, r.borrower_wallet,
                  bw.user_id AS borrower_member_id
           FROM app.loan_requests r
           LEFT JOIN app.member_wallets bw ON bw.address = r.borrower_wallet
           WHERE r.id = $1 AND r.status IS NOT NULL`,
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
      borrowerMemberId: row.borrower_member_id,
    };
  }

  /** Whether this member has linked this wallet (lower-case address). */
  async isLinkedTo(wallet: string, memberId: string): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM app.member_wallets WHERE address = $1 AND user_id = $2`,
      [wallet.toLowerCase(), memberId],
    );
    return rows.length > 0;
  }

  view(id: string): Promise<LoanRequestView> {
    return this.queries.execute(new GetLoanRequestQuery(id));
  }
}
