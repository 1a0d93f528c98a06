import type { LoanActivity, LoanRecord } from './api/get-loan-activity';

/**
 * A movement of USDC into (deposit) or out of (withdrawal) the member's wallet, read from the
 * chain-verified state of their loans: nothing here is typed in by anyone.
 */
export interface Transaction {
  id: string;
  kind: 'deposit' | 'withdrawal';
  action: string;
  /** USDC. */
  amount: number;
  at: Date;
  loanId: string;
  /** True once the block it happened in is final. */
  verified: boolean;
}

const verified = (loan: LoanRecord) => loan.chain.finality === 'finalized';
const loanLabel = (loan: LoanRecord) => `loan #${loan._id.slice(-6)}`;

function asBorrower(loan: LoanRecord): Transaction[] {
  const rows: Transaction[] = [];
  if (loan.startDate !== null) {
    rows.push({
      id: `${loan._id}:borrowed`,
      kind: 'deposit',
      action: `Borrowed (${loanLabel(loan)})`,
      amount: loan.amount,
      at: new Date(loan.startDate),
      loanId: loan._id,
      verified: verified(loan),
    });
  }
  if (loan.repaidAt !== null) {
    rows.push({
      id: `${loan._id}:repaid`,
      kind: 'withdrawal',
      action: `Repaid (${loanLabel(loan)})`,
      amount: loan.repaidAmount ?? loan.repaymentAmount ?? loan.amount,
      at: new Date(loan.repaidAt),
      loanId: loan._id,
      verified: verified(loan),
    });
  }
  return rows;
}

function asLender(loan: LoanRecord): Transaction[] {
  const rows: Transaction[] = [];
  if (loan.startDate !== null) {
    rows.push({
      id: `${loan._id}:lent`,
      kind: 'withdrawal',
      action: `Lent (${loanLabel(loan)})`,
      amount: loan.amount,
      at: new Date(loan.startDate),
      loanId: loan._id,
      verified: verified(loan),
    });
  }
  // A repayment the lender's wallet could not take waits in escrow: not theirs in hand yet.
  if (loan.repaidAt !== null && (loan.escrowed !== true || loan.escrowReleased === true)) {
    rows.push({
      id: `${loan._id}:repayment`,
      kind: 'deposit',
      action: `Repayment received (${loanLabel(loan)})`,
      amount: loan.repaidAmount ?? loan.repaymentAmount ?? loan.amount,
      at: new Date(loan.repaidAt),
      loanId: loan._id,
      verified: verified(loan),
    });
  }
  return rows;
}

/** The member's loan money movements, newest first. */
export function toTransactions(activity: LoanActivity): Transaction[] {
  return [...activity.borrowed.flatMap(asBorrower), ...activity.lent.flatMap(asLender)].sort(
    (a, b) => b.at.getTime() - a.at.getTime() || a.id.localeCompare(b.id),
  );
}
