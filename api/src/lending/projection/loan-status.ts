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

export type Finality = 'pending' | 'safe' | 'finalized';
