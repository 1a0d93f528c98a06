import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

import { isUuid } from '../../../common/ids';
import { LendingChain } from '../../chain/lending-chain';
import { lendingErrors } from '../../lending-errors';
import { ChainVerification } from '../../projection/chain-verification';
import {
  LOAN_REQUEST_SELECT,
  type LoanRequestRow,
  type LoanRequestView,
  toLoanRequestView,
} from '../../loan-request-view';

/** One loan request by its `_id`. */
export class GetLoanRequestQuery extends Query<LoanRequestView> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetLoanRequestQuery)
export class GetLoanRequestHandler implements IQueryHandler<GetLoanRequestQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly chain: LendingChain,
    private readonly verification: ChainVerification,
  ) {}

  async execute({ id }: GetLoanRequestQuery): Promise<LoanRequestView> {
    if (!isUuid(id)) {
      throw lendingErrors.notFound();
    }
    const [[row], verification] = await Promise.all([
      this.dataSource.query<LoanRequestRow[]>(
        `${LOAN_REQUEST_SELECT} WHERE r.id = $1 AND r.status IS NOT NULL`,
        [id],
      ),
      this.verification.current(),
    ]);
    if (row === undefined) {
      throw lendingErrors.notFound();
    }
    return toLoanRequestView(row, this.chain.platformMaxAprBps(), verification);
  }
}
