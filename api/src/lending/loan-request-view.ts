import { getAddress } from 'viem';

import { reportedFinality, type Verification } from './projection/chain-verification';
import type { Finality, LoanStatus, ReportedFinality } from './projection/loan-status';

/** A loan_requests row with its members' names, as the queries select it. */
export interface LoanRequestRow {
  id: string;
  loan_chain_id: string;
  status: LoanStatus;
  borrower_wallet: string;
  amount_units: string;
  duration_seconds: string;
  max_apr_bps: number | null;
  requested_at: Date;
  lender_wallet: string | null;
  apr_bps: number | null;
  start_date: Date | null;
  due_date: Date | null;
  repayment_units: string | null;
  repaid_units: string | null;
  penalty_units: string | null;
  repaid_at: Date | null;
  escrowed: boolean | null;
  escrow_released: boolean | null;
  as_of_block: string;
  as_of_block_hash: string;
  finality: Finality;
  borrower_user_id: string | null;
  borrower_fullname: string | null;
  lender_user_id: string | null;
  lender_fullname: string | null;
  description: string | null;
  recorded_at: Date | null;
}

/**
 * A member's record (description, when recorded) shows only while its recorder is the member of
 * the wallet that borrowed on chain: a previous owner's words do not follow the wallet, and a
 * reorg that puts another borrower's loan under this id leaves the record detached from it.
 */
const RECORD_COUNTS = `r.borrower_user_id = bw.user_id AND r.wallet_address = r.borrower_wallet`;

/**
 * The loans and their members: a loan's borrower (lender) member is whoever linked the chain's
 * borrower (lender) wallet (`app.member_wallets`, the wallets module's table, read-only here), never whoever posted first. `bw`/`lw` are those links.
 */
export const LOAN_REQUEST_FROM = `
  FROM app.loan_requests r
  LEFT JOIN app.member_wallets bw ON bw.address = r.borrower_wallet
  LEFT JOIN app.member_wallets lw ON lw.address = r.lender_wallet`;

/** The columns and joins every lending query reads a view from. */
export const LOAN_REQUEST_SELECT = `
  SELECT r.id, r.loan_chain_id::text AS loan_chain_id, r.status, r.borrower_wallet,
         r.amount_units::text AS amount_units, r.duration_seconds::text AS duration_seconds,
         r.max_apr_bps, r.requested_at, r.lender_wallet, r.apr_bps, r.start_date, r.due_date,
         r.repayment_units::text AS repayment_units, r.repaid_units::text AS repaid_units,
         r.penalty_units::text AS penalty_units, r.repaid_at, r.escrowed, r.escrow_released,
         r.as_of_block::text AS as_of_block, r.as_of_block_hash, r.finality,
         bu.id AS borrower_user_id, bu.fullname AS borrower_fullname,
         lu.id AS lender_user_id, lu.fullname AS lender_fullname,
         CASE WHEN ${RECORD_COUNTS} THEN r.description END AS description,
         CASE WHEN ${RECORD_COUNTS} THEN r.recorded_at END AS recorded_at
  ${LOAN_REQUEST_FROM}
  LEFT JOIN app.users bu ON bu.id = bw.user_id
  LEFT JOIN app.users lu ON lu.id = lw.user_id`;

/** SPEC §3 "Loan request (server record)", plus what the chain adds (lender, finality…). */
export interface LoanRequestView {
  _id: string;
  /** The loan's id in the contract (a decimal string: it is a uint256). */
  loanChainId: string;
  /** USDC, and the exact 6-decimal units. */
  amount: number;
  amountUnits: string;
  /** Days. */
  duration: number;
  /** The borrower's wallet, as the chain says. */
  walletAddress: string;
  description: string;
  /** The member who linked the borrowing wallet; null while no member has linked it. */
  borrower: { _id: string; fullname: string } | null;
  /** The member who linked the lending wallet; null before funding or while nobody has. */
  lender: { _id: string; fullname: string } | null;
  /**
   * The highest APR (percent) a lender may fund at: the borrower's ceiling (LoanRequested's
   * maxAprBps), or the platform's maximum when the borrower set none or a higher one.
   */
  maxInterestRate: number;
  status: LoanStatus;
  createdAt: string;
  /** APR percent, once funded. */
  interestRate: number | null;
  lenderWalletAddress: string | null;
  startDate: string | null;
  dueDate: string | null;
  /** USDC owed on time (principal + interest), once funded. */
  repaymentAmount: number | null;
  repaidAmount: number | null;
  penalty: number | null;
  repaidAt: string | null;
  escrowed: boolean | null;
  escrowReleased: boolean | null;
  /**
   * Where the status was read: "chain-verified" means finality `finalized`; `unverified` while
   * the indexer is halted or behind (then no loan reads `finalized`).
   */
  chain: { asOfBlock: number; asOfBlockHash: string; finality: ReportedFinality };
}

const usdc = (units: string | null) => (units === null ? null : Number(units) / 1e6);
const iso = (value: Date | null) => (value === null ? null : value.toISOString());

const member = (id: string | null, fullname: string | null) =>
  id === null ? null : { _id: id, fullname: fullname ?? '' };

/**
 * `platformMaxAprBps`: the contract's current maximum APR, for loans without a tighter cap;
 * `verification`: whether the indexer vouches for the row's finality right now.
 */
export function toLoanRequestView(
  row: LoanRequestRow,
  platformMaxAprBps: number,
  verification: Verification,
): LoanRequestView {
  const capBps = row.max_apr_bps ?? 0;
  return {
    _id: row.id,
    loanChainId: row.loan_chain_id,
    amount: Number(row.amount_units) / 1e6,
    amountUnits: row.amount_units,
    duration: Number(row.duration_seconds) / 86_400,
    walletAddress: getAddress(row.borrower_wallet),
    description: row.description ?? '',
    borrower: member(row.borrower_user_id, row.borrower_fullname),
    lender: member(row.lender_user_id, row.lender_fullname),
    maxInterestRate: (capBps === 0 ? platformMaxAprBps : Math.min(capBps, platformMaxAprBps)) / 100,
    status: row.status,
    createdAt: (row.recorded_at ?? row.requested_at).toISOString(),
    interestRate: row.apr_bps === null ? null : row.apr_bps / 100,
    lenderWalletAddress: row.lender_wallet === null ? null : getAddress(row.lender_wallet),
    startDate: iso(row.start_date),
    dueDate: iso(row.due_date),
    repaymentAmount: usdc(row.repayment_units),
    repaidAmount: usdc(row.repaid_units),
    penalty: usdc(row.penalty_units),
    repaidAt: iso(row.repaid_at),
    escrowed: row.escrowed,
    escrowReleased: row.escrow_released,
    chain: {
      asOfBlock: Number(row.as_of_block),
      asOfBlockHash: row.as_of_block_hash,
      finality: reportedFinality(row.finality, verification),
    },
  };
}
