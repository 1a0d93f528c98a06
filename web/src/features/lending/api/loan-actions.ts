import type { Hex } from 'viem';

import type { ApiRequestBody } from '@/api/types';
import { apiRequest } from '@/lib/api-client';

import type { LoanRequest } from './loan-requests';

/** SPEC §8 fallbacks for the lending calls. */
export const LENDING_FALLBACKS = {
  create: 'Failed to create loan request',
  fund: 'Failed to fund loan',
  repay: 'Failed to repay loan',
  cancel: 'Failed to cancel loan request',
  claim: 'Failed to claim the repayment',
} as const;

/** POST /microlending/request's body: the loan the wallet has just requested, and its words. */
export type NewLoanRequest = ApiRequestBody<'/microlending/request', 'post'>;

const post = async (path: string, body: unknown, fallback: string) =>
  (await apiRequest<LoanRequest>(path, { method: 'POST', auth: true, body, fallback })).data;

/** POST /microlending/request: the description for a loan the wallet has just requested. */
export const recordLoanRequest = (request: NewLoanRequest) =>
  post('/microlending/request', request, LENDING_FALLBACKS.create);

export const recordFunding = (
  id: string,
  body: ApiRequestBody<'/microlending/requests/{id}/fund', 'post'> & { transactionHash: Hex },
) => post(`/microlending/requests/${id}/fund`, body, LENDING_FALLBACKS.fund);

export const recordRepayment = (id: string, transactionHash: Hex) =>
  post(`/microlending/requests/${id}/repay`, { transactionHash }, LENDING_FALLBACKS.repay);

export const recordCancellation = (id: string) =>
  post(`/microlending/requests/${id}/cancel`, undefined, LENDING_FALLBACKS.cancel);

export const recordWithdrawal = (id: string, transactionHash: Hex) =>
  post(`/microlending/requests/${id}/withdraw`, { transactionHash }, LENDING_FALLBACKS.claim);
