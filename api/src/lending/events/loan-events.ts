import type { LoanTransition } from '../projection/loan-projection';
import type { Finality, LoanStatus } from '../projection/loan-status';

/**
 * Domain events of the lending module, one per loan a reconcile has committed a change to (the
 * status ones are named after the chain events that caused them). Each carries the row as
 * committed. They can repeat after a reorg undoes and redoes a change: handlers must be
 * idempotent. They travel the CQRS event bus together, as one {@link LoanChangesCommittedEvent} per
 * commit of a reconcile (its fold's changes, then its promotion's); its listeners are
 * `BroadcastLoanChangesHandler`, which sends every change to the open loan streams, and the
 * notices module's `ScheduleLoanNoticesHandler`, which plans each loan's notice mails from it.
 * A kind of change no listener cares about does not belong here.
 */
export abstract class LoanEvent {
  constructor(
    readonly loanRequestId: string,
    readonly loanChainId: string,
    /** Null (with finality and block) when a reorg removed the loan from the chain. */
    readonly status: LoanStatus | null,
    readonly finality: Finality | null,
    readonly asOfBlock: number | null,
  ) {}
}

export class LoanRequestedEvent extends LoanEvent {}
export class LoanFundedEvent extends LoanEvent {}
export class LoanRepaidEvent extends LoanEvent {}
export class LoanCancelledEvent extends LoanEvent {}
export class LoanDefaultedEvent extends LoanEvent {}
/** Same status; the block that set it settled further (pending → safe → finalized). */
export class LoanFinalityChangedEvent extends LoanEvent {}
/** Same status; other chain figures moved (an escrowed repayment released, a re-mined block). */
export class LoanUpdatedEvent extends LoanEvent {}
/** Every event of the loan was reorganised away: the chain no longer has it. */
export class LoanRemovedEvent extends LoanEvent {}

type LoanEventClass = new (...args: ConstructorParameters<typeof LoanRequestedEvent>) => LoanEvent;

export const eventForStatus: Record<LoanStatus, LoanEventClass> = {
  requested: LoanRequestedEvent,
  funded: LoanFundedEvent,
  repaid: LoanRepaidEvent,
  cancelled: LoanCancelledEvent,
  defaulted: LoanDefaultedEvent,
};

/**
 * What one of a reconcile's commits changed: its loans' events, published on the bus at once.
 * One per loan cost ~60 µs each in the bus (every handler's filter looks each event's class up
 * by reflection, and each delivery is its own rxjs pipeline): ~1 s of a backfill batch's 16,700
 * changes, as long as the fold itself, where one batch costs nothing (`npm run bench -w
 * indexer`).
 */
export class LoanChangesCommittedEvent {
  constructor(readonly events: readonly LoanEvent[]) {}
}

/** The event a committed change publishes. */
export function eventForTransition(t: LoanTransition): LoanEvent {
  const Event =
    t.to === null
      ? LoanRemovedEvent
      : t.from !== t.to
        ? eventForStatus[t.to]
        : t.finalityOnly
          ? LoanFinalityChangedEvent
          : LoanUpdatedEvent;
  return new Event(t.loanRequestId, t.loanChainId, t.to, t.finality, t.asOfBlock);
}
