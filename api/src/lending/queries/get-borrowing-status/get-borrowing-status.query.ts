import { Query } from '@nestjs/cqrs';

import type { LoanRequestView } from '../../loan-request-view';

export interface BorrowingStatus {
  canBorrow: boolean;
  /** The member's open loan (requested, funded, or defaulted and still owed), newest first. */
  activeLoan: LoanRequestView | null;
}

/**
 * Whether the member may ask for another loan: one open loan at a time, across the wallets they
 * have linked.
 */
export class GetBorrowingStatusQuery extends Query<BorrowingStatus> {
  constructor(readonly userId: string) {
    super();
  }
}
