import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

import { text } from '../../../common/text';
import type { LoanRequestView } from '../../loan-request-view';
import { loanChainId, transactionHash, walletAddress } from '../../lending-fields';

const required = 'Please fill in all required fields';

export const createLoanRequestBody = z.object({
  amount: z.coerce
    .number({ error: required })
    .min(0.01, { error: 'Amount must be between 0.01 and 10 USDC' })
    .max(10, { error: 'Amount must be between 0.01 and 10 USDC' })
    .refine((value) => Math.abs(value * 1e6 - Math.round(value * 1e6)) < 1e-6, {
      error: 'Amount can have at most 6 decimals (USDC)',
    }),
  duration: z.coerce
    .number({ error: required })
    .int({ error: 'Duration must be a whole number of days' })
    .min(7, { error: 'Duration must be between 7 and 90 days' })
    .max(90, { error: 'Duration must be between 7 and 90 days' }),
  walletAddress,
  description: text({ name: 'Description', required, multiline: true }).max(1_000, {
    error: 'Description must be at most 1000 characters',
  }),
  /** The member the request is for: the caller's own id. */
  borrower: text({ name: 'Borrower', required }),
  loanChainId,
  /** The requestLoan transaction, when the client has it: the record then shows at once. */
  transactionHash: transactionHash.optional(),
});
export type CreateLoanRequestBody = z.infer<typeof createLoanRequestBody>;

/** Records the member's request for a loan that already exists on chain. */
export class CreateLoanRequestCommand extends Command<LoanRequestView> {
  constructor(
    readonly callerId: string,
    readonly body: CreateLoanRequestBody,
  ) {
    super();
  }
}
