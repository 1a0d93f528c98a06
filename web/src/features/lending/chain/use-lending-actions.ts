import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address } from 'viem';
import type { Config } from 'wagmi';

import { shortHex } from '@/components/ui/explorer-link';
import type { ChainConfig } from '@/config/wagmi';
import { notify } from '@/lib/toasts';

import {
  LENDING_FALLBACKS,
  recordCancellation,
  recordFunding,
  recordLoanRequest,
  recordRepayment,
  recordWithdrawal,
} from '../api/loan-actions';
import type { LoanRequest } from '../api/loan-requests';
import {
  cancelLoan,
  claimEscrow,
  claimEscrowTo,
  fundLoan,
  repayLoan,
  requestLoan,
} from './lending-transactions';
import { toastWalletError as report } from './wallet-errors';

/** Every lending mutation carries this key, so one look tells whether any is under way. */
const LENDING_KEY = ['lending'] as const;

/** True while any lending transaction is being prepared, signed, mined or recorded. */
export const useLendingBusy = () => useIsMutating({ mutationKey: LENDING_KEY }) > 0;

export interface LoanRequestInput {
  amount: number;
  duration: number;
  description: string;
  maxApr: number;
  userId: string;
}

/**
 * The lending transactions of SPEC §5 and §7: each runs in the member's wallet, then tells the
 * API the transaction hash, which it verifies on chain before anything shows (DESIGN §1).
 */
export function useLendingActions(config: Config, chain: ChainConfig) {
  const queryClient = useQueryClient();
  const context = { config, chain };
  /**
   * Ends every successful action: the loan lists are fetched again before the success shows, so
   * the screen it moves to (My Loans after a request) already holds the change.
   */
  const refreshed = async <T>(result: T): Promise<T> => {
    await queryClient.invalidateQueries({ queryKey: ['loans'] });
    return result;
  };
  // Balances moved (wagmi's reads): refetched behind the toast, and after a failure too.
  const settled = () => {
    void queryClient.invalidateQueries({ queryKey: ['readContract'] });
    void queryClient.invalidateQueries({ queryKey: ['balance'] });
  };

  const request = useMutation({
    mutationKey: [...LENDING_KEY, 'request'],
    mutationFn: async (input: LoanRequestInput) => {
      const sent = await requestLoan(context, {
        amountUnits: BigInt(Math.round(input.amount * 1e6)),
        durationSeconds: BigInt(input.duration) * 86_400n,
        maxAprBps: BigInt(Math.round(input.maxApr * 100)),
      });
      return refreshed(
        await recordLoanRequest({
          amount: input.amount,
          duration: input.duration,
          walletAddress: sent.account,
          description: input.description,
          borrower: input.userId,
          loanChainId: sent.loanId.toString(),
          transactionHash: sent.hash,
        }),
      );
    },
    onSuccess: () => notify.success('Loan request created successfully'),
    onError: (error) => report(error, LENDING_FALLBACKS.create),
    onSettled: settled,
  });

  const fund = useMutation({
    mutationKey: [...LENDING_KEY, 'fund'],
    mutationFn: async ({ loan, apr }: { loan: LoanRequest; apr: number }) => {
      const sent = await fundLoan(context, {
        loanChainId: BigInt(loan.loanChainId),
        principalUnits: BigInt(loan.amountUnits),
        aprBps: BigInt(Math.round(apr * 100)),
      });
      return refreshed(
        await recordFunding(loan._id, {
          transactionHash: sent.hash,
          interestRate: apr,
          lenderWalletAddress: sent.account,
        }),
      );
    },
    onSuccess: () => notify.success('Loan funded successfully!'),
    onError: (error) => report(error, LENDING_FALLBACKS.fund),
    onSettled: settled,
  });

  const repay = useMutation({
    mutationKey: [...LENDING_KEY, 'repay'],
    mutationFn: async (loan: LoanRequest) =>
      refreshed(
        await recordRepayment(loan._id, await repayLoan(context, BigInt(loan.loanChainId))),
      ),
    onSuccess: () => notify.success('Loan repaid successfully!'),
    onError: (error) => report(error, LENDING_FALLBACKS.repay),
    onSettled: settled,
  });

  const cancel = useMutation({
    mutationKey: [...LENDING_KEY, 'cancel'],
    mutationFn: async (loan: LoanRequest) => {
      await cancelLoan(context, BigInt(loan.loanChainId));
      return refreshed(await recordCancellation(loan._id));
    },
    onSuccess: () => notify.success('Loan request canceled successfully'),
    onError: (error) => report(error, LENDING_FALLBACKS.cancel),
    onSettled: settled,
  });

  const claim = useMutation({
    mutationKey: [...LENDING_KEY, 'claim'],
    /** `to`: another address of the lender's to send it to; the connected wallet when absent. */
    mutationFn: async ({ loan, to }: { loan: LoanRequest; to?: Address }) => {
      const id = BigInt(loan.loanChainId);
      const hash = await (to === undefined
        ? claimEscrow(context, id)
        : claimEscrowTo(context, id, to));
      return refreshed(await recordWithdrawal(loan._id, hash));
    },
    onSuccess: (_, { to }) =>
      notify.success(
        to === undefined
          ? 'Repayment claimed: the USDC is in your wallet.'
          : `Repayment claimed: the USDC was sent to ${shortHex(to)}.`,
      ),
    onError: (error) => report(error, LENDING_FALLBACKS.claim),
    onSettled: settled,
  });

  return { request, fund, repay, cancel, claim };
}

export type LendingActions = ReturnType<typeof useLendingActions>;
