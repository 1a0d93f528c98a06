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

/** One movement of `loan`; `what` names it in the id and, with the loan, in the action. */
function movement(
  loan: LoanRecord,
  kind: Transaction['kind'],
  what: string,
  amount: number,
  at: string,
): Transaction {
  return {
    id: `${loan._id}:${what}`,
    kind,
    action: `${what} (${loanLabel(loan)})`,
    amount,
    at: new Date(at),
    loanId: loan._id,
    verified: verified(loan),
  };
}

/** What the loan finally cost: the amount repaid, else the amount due. */
const repaid = (loan: LoanRecord) => loan.repaidAmount ?? loan.repaymentAmount ?? loan.amount;

function asBorrower(loan: LoanRecord): Transaction[] {
  const rows: Transaction[] = [];
  if (loan.startDate !== null) {
    rows.push(movement(loan, 'deposit', 'Borrowed', loan.amount, loan.startDate));
  }
  if (loan.repaidAt !== null) {
    rows.push(movement(loan, 'withdrawal', 'Repaid', repaid(loan), loan.repaidAt));
  }
  return rows;
}

function asLender(loan: LoanRecord): Transaction[] {
  const rows: Transaction[] = [];
  if (loan.startDate !== null) {
    rows.push(movement(loan, 'withdrawal', 'Lent', loan.amount, loan.startDate));
  }
  // A repayment the lender's wallet could not take waits in escrow: not theirs in hand yet.
  if (loan.repaidAt !== null && (loan.escrowed !== true || loan.escrowReleased === true)) {
    rows.push(movement(loan, 'deposit', 'Repayment received', repaid(loan), loan.repaidAt));
  }
  return rows;
}

/** The member's loan money movements, newest first. */
export function toTransactions(activity: LoanActivity): Transaction[] {
  return [...activity.borrowed.flatMap(asBorrower), ...activity.lent.flatMap(asLender)].sort(
    (a, b) => b.at.getTime() - a.at.getTime() || a.id.localeCompare(b.id),
  );
}
