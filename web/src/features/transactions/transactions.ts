import type { LoanActivity, LoanRecord } from './api/get-loan-activity';
import { type MovementEvent, movementKey } from './api/get-movement-hashes';

/**
 * A movement of USDC into (deposit) or out of (withdrawal) the member's wallet, read from the
 * chain-verified state of their loans: nothing here is typed in by anyone.
 */
export interface Transaction {
  id: string;
  kind: 'deposit' | 'withdrawal';
  /** What happened, in a word: Borrowed, Repaid, Lent, Repayment received. */
  what: string;
  /** `what` with the loan it belongs to: 'Repaid (loan #0abc01)'. */
  action: string;
  /** The loan's label in the action, the part that links to the loan: 'loan #0abc01'. */
  loanLabel: string;
  /** USDC. */
  amount: number;
  at: Date;
  loanId: string;
  /** Where its transaction is found among the loan's chain events ({@link movementKey}). */
  movement: string;
  /**
   * `verified` once the block it happened in is final, `confirming` before, `unverified` while
   * the API cannot vouch for loan status (its indexer is halted or behind the chain).
   */
  proof: 'verified' | 'confirming' | 'unverified';
}

const proofOf = (loan: LoanRecord): Transaction['proof'] =>
  loan.chain.finality === 'finalized'
    ? 'verified'
    : loan.chain.finality === 'unverified'
      ? 'unverified'
      : 'confirming';
const loanLabel = (loan: LoanRecord) => `loan #${loan._id.slice(-6)}`;

/**
 * One movement of `loan`, made on chain by `event`; `what` names it in the id and, with the
 * loan, in the action.
 */
function movement(
  loan: LoanRecord,
  kind: Transaction['kind'],
  what: string,
  event: MovementEvent,
  amount: number,
  at: string,
): Transaction {
  return {
    id: `${loan._id}:${what}`,
    kind,
    what,
    action: `${what} (${loanLabel(loan)})`,
    loanLabel: loanLabel(loan),
    amount,
    at: new Date(at),
    loanId: loan._id,
    movement: movementKey(loan.loanChainId, event),
    proof: proofOf(loan),
  };
}

/** What the loan finally cost: the amount repaid, else the amount due. */
const repaid = (loan: LoanRecord) => loan.repaidAmount ?? loan.repaymentAmount ?? loan.amount;

function asBorrower(loan: LoanRecord): Transaction[] {
  const rows: Transaction[] = [];
  if (loan.startDate !== null) {
    rows.push(movement(loan, 'deposit', 'Borrowed', 'LoanFunded', loan.amount, loan.startDate));
  }
  if (loan.repaidAt !== null) {
    rows.push(movement(loan, 'withdrawal', 'Repaid', 'LoanRepaid', repaid(loan), loan.repaidAt));
  }
  return rows;
}

function asLender(loan: LoanRecord): Transaction[] {
  const rows: Transaction[] = [];
  if (loan.startDate !== null) {
    rows.push(movement(loan, 'withdrawal', 'Lent', 'LoanFunded', loan.amount, loan.startDate));
  }
  // A repayment the lender's wallet could not take waits in escrow: not theirs in hand yet.
  if (loan.repaidAt !== null && (loan.escrowed !== true || loan.escrowReleased === true)) {
    // A repayment that waited in escrow reached the lender when it was released.
    const event = loan.escrowed === true ? 'FundsReleased' : 'LoanRepaid';
    rows.push(movement(loan, 'deposit', 'Repayment received', event, repaid(loan), loan.repaidAt));
  }
  return rows;
}

/** The member's loan money movements, newest first. */
export function toTransactions(activity: Pick<LoanActivity, 'borrowed' | 'lent'>): Transaction[] {
  return [...activity.borrowed.flatMap(asBorrower), ...activity.lent.flatMap(asLender)].sort(
    (a, b) => b.at.getTime() - a.at.getTime() || a.id.localeCompare(b.id),
  );
}
