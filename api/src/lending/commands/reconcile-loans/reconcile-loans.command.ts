import { Command } from '@nestjs/cqrs';

import type { LoanTransition } from '../../projection/loan-projection';

/** Re-fold these loans (decimal chain ids) from the event store into the projection. */
export class ReconcileLoansCommand extends Command<LoanTransition[]> {
  constructor(readonly loanIds: readonly string[]) {
    super();
  }
}
