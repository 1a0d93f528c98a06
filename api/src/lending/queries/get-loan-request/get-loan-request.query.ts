import { Query } from '@nestjs/cqrs';

import type { LoanRequestView } from '../../loan-request-view';

/** One loan request by its `_id`. */
export class GetLoanRequestQuery extends Query<LoanRequestView> {
  constructor(readonly id: string) {
    super();
  }
}
