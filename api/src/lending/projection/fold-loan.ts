import type { LendingEventName } from '@lendpath/contracts';

/** A chain event as the event store holds it (numbers as decimal strings). */
export interface ChainEventRecord {
  name: LendingEventName;
  blockNumber: number;
  blockHash: string;
  /** Seconds since the epoch. */
  blockTimestamp: number;
  logIndex: number;
  args: Record<string, string | boolean>;
}

export type LoanStatus = 'requested' | 'funded' | 'repaid' | 'cancelled' | 'defaulted';
export const LOAN_STATUSES: readonly LoanStatus[] = [
  'requested',
  'funded',
  'repaid',
  'cancelled',
  'defaulted',
];

/** A loan as its chain events say it is: the chain columns of `loan_requests`. */
export interface LoanState {
  status: LoanStatus;
  borrowerWallet: string;
  amountUnits: string;
  durationSeconds: string;
  maxAprBps: number;
  requestedAt: Date;
  lenderWallet: string | null;
  aprBps: number | null;
  startDate: Date | null;
  dueDate: Date | null;
  repaymentUnits: string | null;
  repaidUnits: string | null;
  penaltyUnits: string | null;
  repaidAt: Date | null;
  escrowed: boolean | null;
  escrowReleased: boolean | null;
  asOfBlock: number;
  asOfBlockHash: string;
}

const str = (value: string | boolean | undefined): string => String(value);
const date = (seconds: string | number | boolean | undefined): Date =>
  new Date(Number(seconds) * 1000);

/**
 * The loan's state from its canonical events, in chain order (block, then log index): a pure
 * function, so re-folding after duplicates, replays, out-of-order delivery or a reorg gives the
 * same answer. No LoanRequested (every event removed by a reorg): no loan.
 */
export function foldLoan(events: readonly ChainEventRecord[]): LoanState | null {
  let state: LoanState | null = null;
  for (const event of events) {
    const { args } = event;
    if (event.name === 'LoanRequested') {
      state = {
        status: 'requested',
        borrowerWallet: str(args.borrower),
        amountUnits: str(args.amount),
        durationSeconds: str(args.duration),
        maxAprBps: Number(args.maxAprBps),
        requestedAt: date(event.blockTimestamp),
        lenderWallet: null,
        aprBps: null,
        startDate: null,
        dueDate: null,
        repaymentUnits: null,
        repaidUnits: null,
        penaltyUnits: null,
        repaidAt: null,
        escrowed: null,
        escrowReleased: null,
        asOfBlock: event.blockNumber,
        asOfBlockHash: event.blockHash,
      };
      continue;
    }
    if (state === null) {
      continue; // Only possible with a corrupt store; the request is what makes a loan.
    }
    switch (event.name) {
      case 'LoanFunded':
        state.status = 'funded';
        state.lenderWallet = str(args.lender);
        state.aprBps = Number(args.aprBps);
        state.startDate = date(args.startDate);
        state.dueDate = date(args.dueDate);
        state.repaymentUnits = str(args.repaymentAmount);
        break;
      case 'LoanRepaid':
        state.status = 'repaid';
        state.repaidUnits = str(args.amount);
        state.penaltyUnits = str(args.penalty);
        state.repaidAt = date(event.blockTimestamp);
        state.escrowed = args.escrowed === true;
        state.escrowReleased = false;
        break;
      case 'LoanCancelled':
        state.status = 'cancelled';
        break;
      case 'LoanDefaulted':
        state.status = 'defaulted';
        break;
      case 'FundsReleased':
        state.escrowReleased = true;
        break;
    }
    state.asOfBlock = event.blockNumber;
    state.asOfBlockHash = event.blockHash;
  }
  return state;
}

export type Finality = 'pending' | 'safe' | 'finalized';

/** How settled a block is, given the indexer's view of the chain. */
export function finalityOf(block: number, safeBlock: number, finalizedBlock: number): Finality {
  return block <= finalizedBlock ? 'finalized' : block <= safeBlock ? 'safe' : 'pending';
}
