import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

import { LendingChain } from '../../chain/lending-chain';
import {
  LOAN_REQUEST_SELECT,
  type LoanRequestRow,
  type LoanRequestView,
  toLoanRequestView,
} from '../../loan-request-view';
import { ChainVerification } from '../../projection/chain-verification';

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

@QueryHandler(GetBorrowingStatusQuery)
export class GetBorrowingStatusHandler implements IQueryHandler<GetBorrowingStatusQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly chain: LendingChain,
    private readonly verification: ChainVerification,
  ) {}

  async execute({ userId }: GetBorrowingStatusQuery): Promise<BorrowingStatus> {
    const [[row], verification] = await Promise.all([
      this.dataSource.query<LoanRequestRow[]>(
        `${LOAN_REQUEST_SELECT}
         WHERE r.chain_id = $1 AND bw.user_id = $2 AND r.status IN ('requested', 'funded', 'defaulted')
         ORDER BY r.requested_at DESC LIMIT 1`,
        [this.chain.chainId, userId],
      ),
      this.verification.current(),
    ]);
    const activeLoan =
      row === undefined
        ? null
        : toLoanRequestView(row, this.chain.platformMaxAprBps(), verification);
    return { canBorrow: activeLoan === null, activeLoan };
  }
}
