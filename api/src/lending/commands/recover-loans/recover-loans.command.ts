import { Command } from '@nestjs/cqrs';

/** What a recovery found and did. */
export interface LoanRecovery {
  /** Loans whose row was not the fold of their stored events. */
  stale: number;
  /** Transitions the reconciles committed (finality promotions included). */
  changed: number;
  /** Where the next recovery may start looking (see LoanProjection.staleLoanIds). */
  watermark: number;
}

/**
 * Re-fold every loan whose row is behind, or off, its stored events: what a crash between a
 * chain-events job being taken and its reconcile committing leaves (DESIGN.md §4).
 */
export class RecoverLoansCommand extends Command<LoanRecovery> {
  /** @param sinceBlock The last recovery's watermark; -1 (on boot) looks at every loan. */
  constructor(readonly sinceBlock = -1) {
    super();
  }
}
