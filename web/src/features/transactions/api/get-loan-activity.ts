import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

/** The fields of GET /microlending/requests' loans that money movements are read from. */
export interface LoanRecord {
  _id: string;
  loanChainId: string;
  amount: number;
  status: 'requested' | 'funded' | 'repaid' | 'cancelled' | 'defaulted';
  startDate: string | null;
  repaidAt: string | null;
  repaidAmount: number | null;
  repaymentAmount: number | null;
  escrowed: boolean | null;
  escrowReleased: boolean | null;
  chain: { finality: 'pending' | 'safe' | 'finalized' };
}

interface LoanPage {
  loanRequests: LoanRecord[];
  pagination: { page: number; pages: number };
}

export interface LoanActivity {
  borrowed: LoanRecord[];
  lent: LoanRecord[];
}

const FALLBACK = 'Failed to load your transactions';
const PAGE_SIZE = 100;

/** Every page of one filter of the loan list (`borrower=me` or `lender=me`). */
async function allLoans(filter: 'borrower' | 'lender', signal: AbortSignal) {
  const loans: LoanRecord[] = [];
  for (let page = 1; ; page += 1) {
    const query = new URLSearchParams({ [filter]: 'me', page: `${page}`, limit: `${PAGE_SIZE}` });
    const { data } = await apiRequest<LoanPage>(`/microlending/requests?${query.toString()}`, {
      auth: true,
      fallback: FALLBACK,
      signal,
    });
    loans.push(...data.loanRequests);
    if (page >= data.pagination.pages) {
      return loans;
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
      return { borrowed, lent };
    },
  });

export function useLoanActivity() {
  return useQuery(loanActivityQueryOptions());
}
