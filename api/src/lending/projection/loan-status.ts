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

/** How settled the block behind a row is, as the projection stores it (DESIGN.md §4). */
export type Finality = 'pending' | 'safe' | 'finalized';
/**
 * What the API answers: the stored finality, or `unverified` while the indexer is halted or
 * behind (`ChainVerification`); never stored.
 */
export type ReportedFinality = Finality | 'unverified';
