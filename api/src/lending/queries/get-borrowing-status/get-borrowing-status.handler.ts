import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';

import { LendingChain } from '../../chain/lending-chain';
import { toLoanRequestView } from '../../loan-request-view';
import { LoanRequestsStore } from '../../loan-requests.store';
import { ChainVerification } from '../../projection/chain-verification';
import { type BorrowingStatus, GetBorrowingStatusQuery } from './get-borrowing-status.query';

@QueryHandler(GetBorrowingStatusQuery)
export class GetBorrowingStatusHandler implements IQueryHandler<GetBorrowingStatusQuery> {
  constructor(
    private readonly store: LoanRequestsStore,
    private readonly chain: LendingChain,
    private readonly verification: ChainVerification,
  ) {}

  /** One open loan at a time: the member may borrow while they have none. */
  async execute({ userId }: GetBorrowingStatusQuery): Promise<BorrowingStatus> {
    const [row, verification] = await Promise.all([
      this.store.openLoanOf(this.chain.chainId, userId),
      this.verification.current(),
    ]);
    const activeLoan =
      row === undefined
        ? null
        : toLoanRequestView(row, this.chain.platformMaxAprBps(), verification);
    return { canBorrow: activeLoan === null, activeLoan };
  }
}
