import {
  type LendingEventName,
  LOAN_STATUSES,
  type LoanStatus,
  STATUS_AFTER_EVENT,
} from '@lendpath/contracts';

/**
 * The statuses are the contract's (`@lendpath/contracts`, generated from IMicroLending.sol):
 * the API's schemas, its SQL and the CHECK on app.loan_requests.status are built from that list,
 * never written out (test/lending/loan-status-vocabulary.spec.ts holds every place to it).
 */
export { LOAN_STATUSES, type LoanStatus };

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

/** How settled the block behind a row is, as the projection stores it (DESIGN.md §4). */
export type Finality = 'pending' | 'safe' | 'finalized';
/**
 * What the API answers: the stored finality, or `unverified` while the indexer is halted or
 * behind (`ChainVerification`); never stored.
 */
export type ReportedFinality = Finality | 'unverified';

/** A name as an SQL literal; the vocabulary's names are plain words, so nothing is escaped. */
const literal = (name: string): string => {
  if (!/^[A-Za-z_]+$/.test(name)) {
    throw new Error(`${name} is not a plain word: it would need quoting in SQL`);
  }
  return `'${name}'`;
};

/** `'requested', 'funded', …`: names of the vocabulary as an SQL list (`status IN (…)`). */
export const sqlList = (names: readonly string[]): string => names.map(literal).join(', ');

/** `CASE <event> WHEN 'LoanRequested' THEN 'requested' … END`: the status an event leaves. */
export const statusAfterEventSql = (event: string): string =>
  `CASE ${event} ${Object.entries(STATUS_AFTER_EVENT)
    .map(([name, status]) => `WHEN ${literal(name)} THEN ${literal(status)}`)
    .join(' ')} END`;
