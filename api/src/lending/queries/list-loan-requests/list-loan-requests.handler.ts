import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';

import { LendingChain } from '../../chain/lending-chain';
import { toLoanRequestView } from '../../loan-request-view';
import { LoanRequestsStore } from '../../loan-requests.store';
import { ChainVerification } from '../../projection/chain-verification';
import { ListLoanRequestsQuery, type LoanRequestPage } from './list-loan-requests.query';

/**
 * Newest first; loans the chain no longer has (status null after a reorg) are not listed. The
 * answer says whether the indexer vouches for it (`verification`).
 */
@QueryHandler(ListLoanRequestsQuery)
export class ListLoanRequestsHandler implements IQueryHandler<ListLoanRequestsQuery> {
  constructor(
    private readonly store: LoanRequestsStore,
    private readonly chain: LendingChain,
    private readonly verification: ChainVerification,
  ) {}

  async execute({ callerId, params }: ListLoanRequestsQuery): Promise<LoanRequestPage> {
    const [{ rows, total }, verification] = await Promise.all([
      this.store.page(
        this.chain.chainId,
        {
          status: params.status,
          borrowerId: params.borrower === 'me' ? callerId : params.borrower,
          lenderId: params.lender === 'me' ? callerId : undefined,
          lenderWallet:
            params.lender === 'me' || params.lender === undefined
              ? undefined
              : params.lender.toLowerCase(),
        },
        params.limit,
        (params.page - 1) * params.limit,
      ),
      this.verification.current(),
    ]);
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
