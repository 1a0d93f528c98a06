import { loanStatusNames } from './generated/abi.ts';

/**
 * The contract's LoanStatus enum, by its number on chain (`none`: no such loan). Generated from
 * IMicroLending.sol, so the Solidity enum is the one place a status is named; every other list
 * (the API's schemas and SQL, its OpenAPI document, the web's types) derives from this one.
 */
export const LOAN_STATUS_NAMES = loanStatusNames;
export type LoanStatusName = (typeof LOAN_STATUS_NAMES)[number];

/** The statuses a loan that exists can have: every name but `none`. */
export type LoanStatus = Exclude<LoanStatusName, 'none'>;
export const LOAN_STATUSES: readonly LoanStatus[] = LOAN_STATUS_NAMES.filter(
  (name): name is LoanStatus => name !== 'none',
);

/**
 * The events the indexer stores: the five that move a loan's status, and the escrow release
 * that settles a repayment the lender could not receive at first.
 */
export const LENDING_EVENT_NAMES = [
  'LoanRequested',
  'LoanFunded',
  'LoanRepaid',
  'LoanCancelled',
  'LoanDefaulted',
  'FundsReleased',
] as const;
export type LendingEventName = (typeof LENDING_EVENT_NAMES)[number];

/**
 * The status each status-moving event leaves a loan in (DESIGN.md §4). Every status but `none`
 * is the image of one event: a status without one could never be folded.
 */
export const STATUS_AFTER_EVENT = {
  LoanRequested: 'requested',
  LoanFunded: 'funded',
  LoanRepaid: 'repaid',
  LoanCancelled: 'cancelled',
  LoanDefaulted: 'defaulted',
} as const satisfies Partial<Record<LendingEventName, LoanStatus>>;
export type StatusEventName = keyof typeof STATUS_AFTER_EVENT;
