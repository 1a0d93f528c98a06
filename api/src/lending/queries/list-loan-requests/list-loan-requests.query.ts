import { Query } from '@nestjs/cqrs';
import { z } from 'zod';

import { LOAN_STATUSES } from '../../projection/loan-status';
import type { LoanRequestView } from '../../loan-request-view';
import type { Verification } from '../../projection/chain-verification';

export const listLoanRequestsParams = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int({ error: 'page must be a whole number from 1' })
    .min(1, { error: 'page must be a whole number from 1' })
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .int({ error: 'limit must be a whole number from 1 to 100' })
    .min(1, { error: 'limit must be a whole number from 1 to 100' })
    .max(100, { error: 'limit must be a whole number from 1 to 100' })
    .default(10),
  status: z
    .enum(LOAN_STATUSES, {
      error: `status must be one of ${LOAN_STATUSES.join(', ')}`,
    })
    .optional(),
  /** `me`, or a member's id: loans whose borrowing wallet that member has linked. */
  borrower: z
    .union([z.literal('me'), z.uuid()], { error: 'borrower must be "me" or a member id' })
    .optional(),
  /** `me` (loans funded from a wallet the caller has linked), or a lending wallet's address. */
  lender: z
    .union([z.literal('me'), z.string().regex(/^0x[0-9a-fA-F]{40}$/)], {
      error: 'lender must be "me" or a wallet address',
    })
    .optional(),
});
export type ListLoanRequestsParams = z.infer<typeof listLoanRequestsParams>;

export interface LoanRequestPage {
  loanRequests: LoanRequestView[];
  pagination: { page: number; limit: number; total: number; pages: number };
  /** Whether the indexer vouches for these rows now; while not, each reads `unverified`. */
  verification: Verification;
}

export class ListLoanRequestsQuery extends Query<LoanRequestPage> {
  constructor(
    readonly callerId: string,
    readonly params: ListLoanRequestsParams,
  ) {
    super();
  }
}
