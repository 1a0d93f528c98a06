import type { LoanStatus } from '../projection/loan-status';

/**
 * Domain events the lending module publishes on the CQRS event bus once a reconcile has
 * committed a status change, for other modules to react to (named after the chain events that
 * caused them). They can repeat after a reorg undoes and redoes a change: handlers must be
 * idempotent.
 */
abstract class LoanEvent {
  constructor(
    readonly loanRequestId: string,
    readonly loanChainId: string,
  ) {}
}

export class LoanRequestedEvent extends LoanEvent {}
export class LoanFundedEvent extends LoanEvent {}
export class LoanRepaidEvent extends LoanEvent {}
export class LoanCancelledEvent extends LoanEvent {}
export class LoanDefaultedEvent extends LoanEvent {}

export const eventForStatus: Record<
  LoanStatus,
  new (loanRequestId: string, loanChainId: string) => LoanEvent
> = {
  requested: LoanRequestedEvent,
  funded: LoanFundedEvent,
  repaid: LoanRepaidEvent,
  cancelled: LoanCancelledEvent,
  defaulted: LoanDefaultedEvent,
};
