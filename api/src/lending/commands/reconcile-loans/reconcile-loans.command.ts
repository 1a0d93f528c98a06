import { Command } from '@nestjs/cqrs';

import type { LoanTransition, ReconcileOptions } from '../../projection/loan-projection';

/**
 * Re-fold these loans (decimal chain ids) from the event store into the projection; `options`
 * for a member's call (its hints, and its own rows promoted).
 */
export class ReconcileLoansCommand extends Command<LoanTransition[]> {
  constructor(
    readonly loanIds: readonly string[],
    /** The handler publishes each committed group of changes itself. */
    readonly options: Omit<ReconcileOptions, 'committed'> = {},
  ) {
    super();
  }
}
