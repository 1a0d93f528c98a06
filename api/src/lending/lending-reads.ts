import { Injectable } from '@nestjs/common';

import { LendingChain } from './chain/lending-chain';
import { LoanRequestsStore } from './loan-requests.store';

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

const date = (ms: number | null) => (ms === null ? null : new Date(ms));

/**
 * What other modules may know of lending, on this deployment's chain: exported by LendingModule,
 * so the wallets and scores modules ask here instead of reading lending's tables. Plain reads:
 * they refuse nothing, so they are calls, not queries on the bus.
 */
@Injectable()
export class LendingReads {
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
}
