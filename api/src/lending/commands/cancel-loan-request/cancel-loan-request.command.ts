import { Command } from '@nestjs/cqrs';

import type { LoanRequestView } from '../../loan-request-view';

/**
 * The borrower says they cancelled (SPEC: no body). The borrower cancels on chain from their
 * wallet; only the member who linked that wallet may say so. This checks the chain's state and,
 * when it is cancelled, reconciles at once.
 */
export class CancelLoanRequestCommand extends Command<LoanRequestView> {
  constructor(
    readonly callerId: string,
    readonly loanRequestId: string,
  ) {
    super();
  }
}
