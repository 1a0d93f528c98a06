import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

import { interestRate, transactionHash, walletAddress } from '../../lending-fields';
import type { LoanRequestView } from '../../loan-request-view';

/** The transaction a member reports, and the event its receipt must hold. */
export const TRANSACTION_EVENTS = {
  fund: 'LoanFunded',
  repay: 'LoanRepaid',
  withdraw: 'FundsReleased',
  complete: 'LoanRepaid',
} as const;
export type LoanTransactionKind = keyof typeof TRANSACTION_EVENTS;

export const transactionBody = z.object({ transactionHash });
export const fundBody = z.object({
  transactionHash,
  interestRate,
  lenderWalletAddress: walletAddress,
});
export type TransactionBody = z.infer<typeof transactionBody>;
export type FundBody = z.infer<typeof fundBody>;

/**
 * A member reports a lending transaction (fund, repay, withdraw an escrowed repayment, complete):
 * the API verifies its receipt on chain and reconciles the loan at once, ahead of the indexer.
 */
export class RecordLoanTransactionCommand extends Command<LoanRequestView> {
  constructor(
    readonly callerId: string,
    readonly loanRequestId: string,
    readonly kind: LoanTransactionKind,
    readonly body: TransactionBody | FundBody,
  ) {
    super();
  }
}
