import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

import { interestRate, walletAddress } from '../../lending-fields';

export const approveLoanRequestBody = z.object({
  interestRate,
  lenderWalletAddress: walletAddress,
});
export type ApproveLoanRequestBody = z.infer<typeof approveLoanRequestBody>;

export interface FundingIntent {
  loanRequestId: string;
  interestRate: number;
  lenderWalletAddress: string;
}

/**
 * A lender records that they mean to fund a requested loan at this APR from this wallet, before
 * sending the transaction. One intent per lender and loan (the latest wins); it moves no money
 * and changes no status.
 */
export class ApproveLoanRequestCommand extends Command<FundingIntent> {
  constructor(
    readonly callerId: string,
    readonly loanRequestId: string,
    readonly body: ApproveLoanRequestBody,
  ) {
    super();
  }
}
