import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { ChainVerification, type Verification } from '../../projection/chain-verification';

/** Whether the indexer vouches for loan status right now (for /ready, beside the loan answers). */
export class GetChainVerificationQuery extends Query<Verification> {}

@QueryHandler(GetChainVerificationQuery)
export class GetChainVerificationHandler implements IQueryHandler<GetChainVerificationQuery> {
  constructor(private readonly verification: ChainVerification) {}

  execute(): Promise<Verification> {
    return this.verification.current();
  }
}
