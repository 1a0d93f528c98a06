import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ApiSchemas } from '@/api/types';
import { apiRequest } from '@/lib/api-client';

type LoanRequest = ApiSchemas['LoanRequestView'];

/** The fields of GET /microlending/requests' loans that money movements are read from. */
export type LoanRecord = Pick<
  LoanRequest,
  | '_id'
  | 'loanChainId'
  | 'amount'
  | 'status'
  | 'startDate'
  | 'repaidAt'
  | 'repaidAmount'
  | 'repaymentAmount'
  | 'escrowed'
  | 'escrowReleased'
> & {
  /** `unverified` while the API's indexer is halted or behind the chain. */
  chain: Pick<LoanRequest['chain'], 'finality'>;
};

export interface LoanActivity {
  borrowed: LoanRecord[];
  lent: LoanRecord[];
  /** Every page said the API vouches for loan status (false: show the banner). */
  verified: boolean;
}

/** What the page says when the movements cannot be loaded (SPEC names no text), above Try Again. */
export const TRANSACTIONS_FAILED = 'Your transactions could not be loaded. Please try again.';
const PAGE_SIZE = 100;

/** Every page of one filter of the loan list (`borrower=me` or `lender=me`). */
async function allLoans(filter: 'borrower' | 'lender', signal: AbortSignal) {
  const loans: LoanRecord[] = [];
  let verified = true;
  for (let page = 1; ; page += 1) {
    const query = new URLSearchParams({ [filter]: 'me', page: `${page}`, limit: `${PAGE_SIZE}` });
    const { data } = await apiRequest<ApiSchemas['LoanRequestPage']>(
      `/microlending/requests?${query.toString()}`,
      {
        auth: true,
        fallback: TRANSACTIONS_FAILED,
        signal,
      },
    );
    loans.push(...data.loanRequests);
    verified &&= data.verification.verified;
    if (page >= data.pagination.pages) {
      return { loans, verified };
    }
  }
}

export const loanActivityQueryOptions = () =>
  queryOptions({
    queryKey: ['loans', 'activity'],
    queryFn: async ({ signal }): Promise<LoanActivity> => {
      const [borrowed, lent] = await Promise.all([
        allLoans('borrower', signal),
        allLoans('lender', signal),
      ]);
      return {
        borrowed: borrowed.loans,
        lent: lent.loans,
        verified: borrowed.verified && lent.verified,
      };
    },
  });

export function useLoanActivity() {
  return useQuery(loanActivityQueryOptions());
}
