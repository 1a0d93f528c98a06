import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

export type LoanStatus = 'requested' | 'funded' | 'repaid' | 'cancelled' | 'defaulted';
/** `unverified`: the indexer is halted or behind, so nothing about the row is vouched for now. */
export type Finality = 'pending' | 'safe' | 'finalized' | 'unverified';

/** Whether the API's indexer vouches for loan status right now (every list answer says). */
export interface Verification {
  verified: boolean;
  /** For operators; members are shown a calm banner instead. */
  reason: string | null;
}

/** A member as a loan names them. */
export interface LoanParty {
  _id: string;
  fullname: string;
}

/** SPEC §3 "Loan request (server record)", with what the chain adds (GET /microlending/requests). */
export interface LoanRequest {
  _id: string;
  loanChainId: string;
  amount: number;
  amountUnits: string;
  duration: number;
  walletAddress: string;
  description: string;
  borrower: LoanParty | null;
  lender: LoanParty | null;
  status: LoanStatus;
  createdAt: string;
  interestRate: number | null;
  /** The highest APR a lender may fund at, percent: the borrower's cap within the platform's. */
  maxInterestRate: number;
  lenderWalletAddress: string | null;
  startDate: string | null;
  dueDate: string | null;
  repaymentAmount: number | null;
  repaidAmount: number | null;
  penalty: number | null;
  repaidAt: string | null;
  escrowed: boolean | null;
  escrowReleased: boolean | null;
  chain: { asOfBlock: number; asOfBlockHash: string; finality: Finality };
}

export interface LoanRequestPage {
  loanRequests: LoanRequest[];
  pagination: { page: number; pages: number; total?: number };
  verification: Verification;
}

export interface LoanListParams {
  page: number;
  limit: number;
  borrower?: 'me';
  lender?: 'me';
}

/** What a list that cannot load says (SPEC names no text for it), above its Try Again. */
export const LOAN_LIST_FAILED = 'Loan requests could not be loaded. Please try again.';

/** SPEC §9: the marketplace shows 10 a page. */
export const PAGE_SIZE = 10;

export const loanRequestsQueryOptions = (params: LoanListParams) =>
  queryOptions({
    queryKey: ['loans', 'list', params],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams(
        Object.entries(params).map(([key, value]) => [key, String(value)]),
      );
      return (
        await apiRequest<LoanRequestPage>(`/microlending/requests?${query.toString()}`, {
          auth: true,
          fallback: LOAN_LIST_FAILED,
          signal,
        })
      ).data;
    },
    // The stream of loan changes invalidates these; between changes they are current.
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export function useLoanRequests(params: LoanListParams) {
  return useQuery(loanRequestsQueryOptions(params));
}
