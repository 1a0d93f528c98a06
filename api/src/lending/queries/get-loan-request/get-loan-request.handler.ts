import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';

import { isUuid } from '../../../common/ids';
import { LendingChain } from '../../chain/lending-chain';
import { lendingErrors } from '../../lending-errors';
import { type LoanRequestView, toLoanRequestView } from '../../loan-request-view';
import { LoanRequestsStore } from '../../loan-requests.store';
import { ChainVerification } from '../../projection/chain-verification';
import { GetLoanRequestQuery } from './get-loan-request.query';

@QueryHandler(GetLoanRequestQuery)
export class GetLoanRequestHandler implements IQueryHandler<GetLoanRequestQuery> {
  constructor(
    private readonly store: LoanRequestsStore,
    private readonly chain: LendingChain,
    private readonly verification: ChainVerification,
  ) {}

  async execute({ id }: GetLoanRequestQuery): Promise<LoanRequestView> {
    if (!isUuid(id)) {
      throw lendingErrors.notFound();
    }
    const [row, verification] = await Promise.all([
      this.store.row(id),
      this.verification.current(),
    ]);
    if (row === undefined) {
      throw lendingErrors.notFound();
    }
    return toLoanRequestView(row, this.chain.platformMaxAprBps(), verification);
  }
}
