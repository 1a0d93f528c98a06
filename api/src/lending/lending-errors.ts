import { HttpStatus } from '@nestjs/common';

import { DomainError } from '../common/domain-error';

const usdc = (units: bigint) => `${Number(units) / 1e6} USDC`;
const days = (seconds: bigint) => `${Number(seconds) / 86_400} days`;

/** Every lending error, with its stable code; messages say what is wrong and with what. */
export const lendingErrors = {
  notFound: () => new DomainError('LOAN.NOT_FOUND', 'Loan not found', HttpStatus.NOT_FOUND),
  notForYourself: () =>
    new DomainError(
      'LOAN.NOT_YOUR_REQUEST',
      'You can only create loan requests for yourself',
      HttpStatus.FORBIDDEN,
    ),
  walletNotLinked: () =>
    new DomainError(
      'LOAN.WALLET_NOT_LINKED',
      'Link this wallet to your account first',
      HttpStatus.FORBIDDEN,
    ),
  /** A receipt whose chain party (`role`'s wallet) is not one of the caller's linked wallets. */
  notYourTransaction: (hash: string, role: 'borrower' | 'lender', wallet: string) =>
    new DomainError(
      'LOAN.NOT_YOUR_TRANSACTION',
      `Transaction ${hash} was made by the ${role} wallet ${wallet}, which is not linked to your account`,
      HttpStatus.FORBIDDEN,
    ),
  notOnChain: (loanId: bigint) =>
    new DomainError(
      'LOAN.NOT_ON_CHAIN',
      `Loan #${loanId} does not exist on chain`,
      HttpStatus.UNPROCESSABLE_ENTITY,
    ),
  walletMismatch: (loanId: bigint, onChain: string, claimed: string) =>
    new DomainError(
      'LOAN.CHAIN_MISMATCH',
      `Loan #${loanId} on chain belongs to ${onChain}, not ${claimed}`,
      HttpStatus.UNPROCESSABLE_ENTITY,
    ),
  amountMismatch: (loanId: bigint, onChain: bigint, claimed: bigint) =>
    new DomainError(
      'LOAN.CHAIN_MISMATCH',
      `Loan #${loanId} on chain is for ${usdc(onChain)}, not ${usdc(claimed)}`,
      HttpStatus.UNPROCESSABLE_ENTITY,
    ),
  durationMismatch: (loanId: bigint, onChain: bigint, claimed: bigint) =>
    new DomainError(
      'LOAN.CHAIN_MISMATCH',
      `Loan #${loanId} on chain runs ${days(onChain)}, not ${days(claimed)}`,
      HttpStatus.UNPROCESSABLE_ENTITY,
    ),
  ownRequest: () =>
    new DomainError(
      'LOAN.OWN_REQUEST',
      'You cannot fund your own loan request',
      HttpStatus.FORBIDDEN,
    ),
  notBorrower: () =>
    new DomainError(
      'LOAN.NOT_BORROWER',
      'Only the borrower can cancel this loan request',
      HttpStatus.FORBIDDEN,
    ),
  notRequested: (loanId: bigint, status: string | null) =>
    new DomainError(
      'LOAN.NOT_REQUESTED',
      `Loan #${loanId} is ${status ?? 'not on chain yet'}: only a requested loan can be funded`,
      HttpStatus.CONFLICT,
    ),
  stillRequested: (loanId: bigint) =>
    new DomainError(
      'LOAN.STILL_REQUESTED',
      `Loan #${loanId} is still open on chain: cancel it from your wallet first`,
      HttpStatus.CONFLICT,
    ),
  notCancellable: (loanId: bigint, status: string) =>
    new DomainError(
      'LOAN.NOT_CANCELLABLE',
      `Loan #${loanId} is ${status} on chain and cannot be cancelled`,
      HttpStatus.CONFLICT,
    ),
  transactionNotFound: (hash: string) =>
    new DomainError(
      'LOAN.TX_NOT_FOUND',
      `Transaction ${hash} was not found on chain`,
      HttpStatus.UNPROCESSABLE_ENTITY,
    ),
  transactionFailed: (hash: string) =>
    new DomainError(
      'LOAN.TX_FAILED',
      `Transaction ${hash} failed on chain`,
      HttpStatus.UNPROCESSABLE_ENTITY,
    ),
  transactionUnrelated: (hash: string, event: string, loanId: bigint) =>
    new DomainError(
      'LOAN.TX_UNRELATED',
      `Transaction ${hash} holds no ${event} event of loan #${loanId} from the lending contract`,
      HttpStatus.UNPROCESSABLE_ENTITY,
    ),
  lenderMismatch: (hash: string, onChain: string, claimed: string) =>
    new DomainError(
      'LOAN.CHAIN_MISMATCH',
      `Transaction ${hash} was funded by ${onChain}, not ${claimed}`,
      HttpStatus.UNPROCESSABLE_ENTITY,
    ),
  rateMismatch: (hash: string, onChainBps: number, claimed: number) =>
    new DomainError(
      'LOAN.CHAIN_MISMATCH',
      `Transaction ${hash} funded the loan at ${onChainBps / 100}% APR, not ${claimed}%`,
      HttpStatus.UNPROCESSABLE_ENTITY,
    ),
  chainUnavailable: () =>
    new DomainError(
      'CHAIN.UNAVAILABLE',
      'The chain cannot be reached right now; please try again shortly',
      HttpStatus.SERVICE_UNAVAILABLE,
    ),
};
