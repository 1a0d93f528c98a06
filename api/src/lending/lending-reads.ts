import { Injectable } from '@nestjs/common';

import { LendingChain } from './chain/lending-chain';
import { LoanRequestsStore, type NoticeLoanRow } from './loan-requests.store';
import type { LoanStatus } from './projection/loan-status';

export interface WalletLoans {
  /** Loans this wallet borrowed or funded on chain. */
  loans: number;
  /**
   * Of those, the ones still open for it: borrowed and requested, funded or defaulted; funded
   * and funded or defaulted, or repaid into escrow it has not yet claimed.
   */
  open: number;
}

/** A member's chain-finalized loan as a borrower, repaid or defaulted. */
export interface BorrowerLoan {
  /** The member who linked the borrowing wallet. */
  borrowerId: string;
  outcome: 'repaid' | 'defaulted';
  /** Principal, USDC. */
  amount: number;
  /** Funded at. */
  startDate: Date | null;
  dueDate: Date | null;
  repaidAt: Date | null;
  /** The member who linked the lending wallet; null while nobody has. */
  lenderId: string | null;
}

/**
 * A loan as its notices need it: the chain's figures (amounts in USDC units, times in epoch
 * milliseconds, all from the chain's events) and the members who linked its wallets.
 */
export interface NoticeLoan {
  loanRequestId: string;
  loanChainId: string;
  /** Null when a reorg removed the loan from the chain. */
  status: LoanStatus | null;
  principalUnits: bigint | null;
  aprBps: number | null;
  /** Principal plus interest, owed by the due date. */
  repaymentUnits: bigint | null;
  /** Everything repaid, penalty included. */
  repaidUnits: bigint | null;
  lenderWallet: string | null;
  fundedAt: number | null;
  /** The due date the chain set at funding (LoanFunded's dueDate). */
  dueAt: number | null;
  repaidAt: number | null;
  defaultedAt: number | null;
  escrowed: boolean | null;
  escrowReleased: boolean | null;
  borrowerId: string | null;
  lenderId: string | null;
}

const date = (ms: number | null) => (ms === null ? null : new Date(ms));
const units = (value: string | null) => (value === null ? null : BigInt(value));

const toNoticeLoan = (row: NoticeLoanRow): NoticeLoan => ({
  loanRequestId: row.id,
  loanChainId: row.loan_chain_id,
  status: row.status,
  principalUnits: units(row.amount_units),
  aprBps: row.apr_bps,
  repaymentUnits: units(row.repayment_units),
  repaidUnits: units(row.repaid_units),
  lenderWallet: row.lender_wallet,
  fundedAt: row.funded_ms,
  dueAt: row.due_ms,
  repaidAt: row.repaid_ms,
  defaultedAt: row.defaulted_ms,
  escrowed: row.escrowed,
  escrowReleased: row.escrow_released,
  borrowerId: row.borrower_user_id,
  lenderId: row.lender_user_id,
});

/** Grace periods read from the chain, kept: each is fixed at the loan's request. */
const GRACE_CACHE_SIZE = 10_000;

/** Blocks of this deployment's chain, as far as the indexer and the projection have got. */
export interface FoldProgress {
  /** The chain's head as the indexer last saw it; null before it saw one. */
  indexerHead: number | null;
  /** The chain's finalized block as the indexer last saw it; null before. */
  finalized: number | null;
  /**
   * The newest block whose events are folded into the loans: the indexer's cursor when the
   * newest stored event is folded, else the newest block a row rests on (-1: none yet). Judged
   * by the newest event alone (what a scrape can afford): a row left behind an older event
   * while a newer one was folded goes unseen here, and the recovery sweep re-folds it within
   * LENDING_RECOVERY_INTERVAL_MS.
   */
  folded: number;
}

const block = (value: string | null) => (value === null ? null : Number(value));

/**
 * What other modules may know of lending, on this deployment's chain: exported by LendingModule,
 * so the wallets and scores modules ask here instead of reading lending's tables. Plain reads:
 * they refuse nothing, so they are calls, not queries on the bus.
 */
@Injectable()
export class LendingReads {
  private readonly graceMs = new Map<string, number>();

  constructor(
    private readonly store: LoanRequestsStore,
    private readonly chain: LendingChain,
  ) {}

  /** A wallet's loans (any case), for linking (they become the member's) and unlinking. */
  walletLoans(address: string): Promise<WalletLoans> {
    return this.store.walletLoans(this.chain.chainId, address.toLowerCase());
  }

  /** Every member who has borrowed from a wallet they linked (the borrowers scores are for). */
  async borrowerIds(): Promise<string[]> {
    const histories = await this.store.borrowerHistories(this.chain.chainId);
    return histories.map((history) => history.userId);
  }

  /**
   * Every chain-finalized repaid or defaulted loan of a wallet some member has linked, with the
   * member who linked its lending wallet ('pending' and 'safe' rows are not evidence yet).
   */
  async settledLoans(): Promise<BorrowerLoan[]> {
    const rows = await this.store.settledLoans(this.chain.chainId);
    return rows.map((row) => ({
      borrowerId: row.borrower_id,
      outcome: row.outcome,
      amount: row.amount_usdc,
      startDate: date(row.start_ms),
      dueDate: date(row.due_ms),
      repaidAt: date(row.repaid_ms),
      lenderId: row.lender_id,
    }));
  }

  /**
   * These loans (their row ids) as their notices need them; ids the API does not know are left
   * out, and with `membersOnly` so are loans no member has a wallet of.
   */
  async noticeLoans(
    loanRequestIds: readonly string[],
    { membersOnly = false }: { membersOnly?: boolean } = {},
  ): Promise<NoticeLoan[]> {
    if (loanRequestIds.length === 0) {
      return [];
    }
    return this.noticeLoansWhere({ ids: loanRequestIds }, membersOnly);
  }

  /** Every loan this wallet borrowed or funded, as its notices need it (members' loans only). */
  walletNoticeLoans(wallet: string): Promise<NoticeLoan[]> {
    return this.noticeLoansWhere({ wallet: wallet.toLowerCase() }, true);
  }

  private async noticeLoansWhere(
    which: { ids: readonly string[] } | { wallet: string },
    membersOnly: boolean,
  ): Promise<NoticeLoan[]> {
    const rows = await this.store.noticeLoans(
      this.chain.chainId,
      this.chain.address.toLowerCase(),
      which,
      membersOnly,
    );
    return rows.map(toNoticeLoan);
  }

  /**
   * The loan's grace period (ms after the due date before the late penalty starts, and before it
   * may be marked defaulted), read from the contract: no event carries it. Throws
   * `CHAIN.UNAVAILABLE` when the node cannot answer.
   */
  async gracePeriodMs(loanChainId: string): Promise<number> {
    const known = this.graceMs.get(loanChainId);
    if (known !== undefined) {
      return known;
    }
    const loan = await this.chain.getLoan(BigInt(loanChainId));
    const ms = Number(loan.gracePeriod) * 1000;
    // Not kept for a loan the chain does not have (yet): the node may be behind the indexer.
    if (loan.status !== 'none') {
      if (this.graceMs.size >= GRACE_CACHE_SIZE) {
        this.graceMs.delete(this.graceMs.keys().next().value as string);
      }
      this.graceMs.set(loanChainId, ms);
    }
    return ms;
  }

  /** This deployment's chain. */
  get chainId(): number {
    return this.chain.chainId;
  }

  /** The chain's newest block, from the node now (its failure is the caller's to handle). */
  chainHead(): Promise<number> {
    return this.chain.headBlock();
  }

  /** How far the indexer and the projection have got; undefined before the indexer has run. */
  async foldProgress(): Promise<FoldProgress | undefined> {
    const row = await this.store.foldProgress(this.chain.chainId, this.chain.address.toLowerCase());
    if (row === undefined) {
      return undefined;
    }
    const [newestEvent, newestFolded] = [block(row.newest_event), block(row.newest_folded)];
    const caughtUp = newestEvent === null || (newestFolded !== null && newestFolded >= newestEvent);
    return {
      indexerHead: block(row.head_block),
      finalized: block(row.finalized_block),
      folded: caughtUp ? Number(row.cursor_block) : (newestFolded ?? -1),
    };
  }
}
