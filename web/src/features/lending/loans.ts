import type { BadgeTone } from '@/components/ui/badge';

import type { Finality, LoanRequest, LoanStatus } from './api/loan-requests';

/** SPEC §4: requested yellow, funded green, repaid shown as COMPLETED in purple, the rest red. */
export function statusLabel(status: LoanStatus): string {
  return status === 'repaid' ? 'COMPLETED' : status.toUpperCase();
}

export function statusTone(status: LoanStatus): BadgeTone {
  switch (status) {
    case 'requested':
      return 'warning';
    case 'funded':
      return 'success';
    case 'repaid':
      return 'completed';
    case 'cancelled':
    case 'defaulted':
      return 'danger';
  }
}

/** Funded, or defaulted (still repayable on chain): the borrower owes it, the lender awaits it. */
export const owesRepayment = (status: LoanStatus) => status === 'funded' || status === 'defaulted';

/** SPEC §9: the loan card's id label is the last 6 characters. */
export const loanLabel = (loan: Pick<LoanRequest, '_id'>) => `Loan #${loan._id.slice(-6)}`;

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** SPEC §5 "Interest rate": 1–20 %, step 0.5, default 5. */
export const APR = { min: 1, max: 20, step: 0.5, initial: 5 } as const;

/**
 * The highest APR the modal offers on this loan: what the API says the loan may be funded at
 * (the borrower's cap within the platform's), and never above SPEC's 20 %.
 */
export const aprCeiling = (loan: Pick<LoanRequest, 'maxInterestRate'>) =>
  Math.min(APR.max, loan.maxInterestRate);

/** Clamps to [1, max] on the 0.5 grid (rounding down, never above the ceiling). */
export function clampApr(value: number, max: number = APR.max): number {
  if (!Number.isFinite(value)) {
    return APR.min;
  }
  const bounded = Math.min(Math.max(value, APR.min), max);
  return Math.floor(bounded / APR.step) * APR.step;
}

/**
 * How sure a row is (DESIGN §4): final on chain, still confirming at its block, or not verifiable
 * right now (the indexer is halted or behind: the banner says more).
 */
export function finalityText(chain: { asOfBlock: number; finality: Finality }): string {
  switch (chain.finality) {
    case 'finalized':
      return 'Verified on chain';
    case 'unverified':
      return `Can't verify right now (block ${chain.asOfBlock})`;
    case 'pending':
    case 'safe':
      return `Confirming (block ${chain.asOfBlock})`;
  }
}

export type Lateness =
  | { kind: 'on-time'; due: Date }
  | { kind: 'grace'; due: Date; graceEnds: Date }
  | { kind: 'late'; due: Date; graceEnds: Date };

/** Where a funded loan stands against its due date and grace period. */
export function lateness(dueDate: string, graceSeconds: number, now: Date = new Date()): Lateness {
  const due = new Date(dueDate);
  const graceEnds = new Date(due.getTime() + graceSeconds * 1000);
  if (now <= due) {
    return { kind: 'on-time', due };
  }
  return now <= graceEnds ? { kind: 'grace', due, graceEnds } : { kind: 'late', due, graceEnds };
}
