import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { ApiQuery, ApiSchemas } from '@/api/types';
import { apiRequest } from '@/lib/api-client';

/** SPEC §3 "Loan request (server record)", with what the chain adds (GET /microlending/requests). */
export type LoanRequest = ApiSchemas['LoanRequestView'];

export type LoanStatus = LoanRequest['status'];
/** `unverified`: the indexer is halted or behind, so nothing about the row is vouched for now. */
export type Finality = LoanRequest['chain']['finality'];

/**
 * Whether the API's indexer vouches for loan status right now (every list answer says); `reason`
 * is for operators, members are shown a calm banner instead.
 */
export type Verification = ApiSchemas['Verification'];

/** A member as a loan names them. */
export type LoanParty = NonNullable<LoanRequest['borrower']>;

export type LoanRequestPage = ApiSchemas['LoanRequestPage'];

type ListQuery = ApiQuery<'/microlending/requests', 'get'>;
/** The list's query as the web asks it: always a page and its size. */
export type LoanListParams = Required<Pick<ListQuery, 'page' | 'limit'>> &
  Pick<ListQuery, 'borrower' | 'lender'>;

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
