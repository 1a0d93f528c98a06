import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { isUuid } from '../common/ids';
import { lendingErrors } from './lending-errors';
import type { LoanRequestView } from './loan-request-view';
import { LoanRequestsStore } from './loan-requests.store';
import type { LoanStatus } from './projection/loan-status';
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

/** The commands' common steps: the request they act on, whose wallet it is, its view after. */
@Injectable()
export class LoanRequests {
  constructor(
    private readonly store: LoanRequestsStore,
    private readonly queries: QueryBus,
  ) {}

  /** The loan request the chain has under this id; 404 otherwise. */
  async find(id: string): Promise<LoanRequestRecord> {
    const row = isUuid(id) ? await this.store.record(id) : undefined;
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

  /** The wallets this member has linked (lower-case addresses). */
  linkedWallets(memberId: string): Promise<Set<string>> {
    return this.store.linkedWallets(memberId);
  }

  view(id: string): Promise<LoanRequestView> {
    return this.queries.execute(new GetLoanRequestQuery(id));
  }
}
