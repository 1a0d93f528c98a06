import { microLendingAbi } from '@lendpath/contracts';
import { BaseError, decodeErrorResult, formatUnits, type Hex } from 'viem';

import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toasts';

/** A failure to show the member as it is: a sentence, never a stack of RPC details. */
export class WalletError extends Error {
  constructor(
    message: string,
    /** The member chose this (declined in the wallet): say it calmly, not as an error. */
    readonly calm = false,
  ) {
    super(message);
    this.name = 'WalletError';
  }
}

/** SPEC §5: a gas estimate that fails without a reason the contract names. */
export const ESTIMATE_FAILED =
  'Transaction will likely fail. Please check your inputs and try again.';
export const DECLINED = 'You declined the request in your wallet. Nothing was sent.';

const USER_REJECTED = 4001;
const usdc = (units: bigint) => `${formatUnits(units, 6)} USDC`;

/** SPEC §5 "Funding and repaying" (the same words for repaying). */
export const insufficientBalance = (have: bigint, need: bigint) =>
  `Insufficient USDC balance. You have ${usdc(have)} but need ${usdc(need)}`;
const percent = (bps: bigint) => `${Number(bps) / 100} %`;
const days = (seconds: bigint) => `${Number(seconds) / 86_400} days`;

/** The contract's custom errors (IMicroLending.sol), in words a member understands. */
function explain(name: string, args: readonly unknown[]): string | undefined {
  const [, b, c] = args as bigint[];
  switch (name) {
    case 'MicroLending__InvalidApr':
      return `The rate must be from 1 % up to ${percent(b ?? 0n)} (the borrower's ceiling), in steps of 0.5 %.`;
    case 'MicroLending__LenderIsBorrower':
      return 'You cannot fund your own loan request.';
    case 'MicroLending__InvalidStatus':
      return 'This loan has already moved on: refresh to see where it stands.';
    case 'MicroLending__NotBorrower':
      return "Only the borrower's wallet can do this. Switch to the wallet that requested the loan.";
    case 'MicroLending__NotLender':
      return "Only the lender's wallet can do this. Switch to the wallet that funded the loan.";
    case 'MicroLending__AmountOutOfRange':
      return `The amount must be from ${usdc(b ?? 0n)} to ${usdc(c ?? 0n)}.`;
    case 'MicroLending__DurationOutOfRange':
      return `The duration must be from ${days(b ?? 0n)} to ${days(c ?? 0n)}.`;
    case 'MicroLending__EnforcedPause':
      return 'New loans and fundings are paused for now. Repayments and cancellations still work.';
    case 'MicroLending__LoanNotFound':
      return 'Loan not found';
    case 'MicroLending__NothingToClaim':
      return 'There is no repayment waiting for you on this loan.';
    case 'MicroLending__ContractAsRecipient':
      return 'The lending contract cannot be the address it sends to. Enter another of yours.';
    case 'Error':
      // Circle's USDC refuses, with this reason, any transfer to or from an address its issuer
      // has blocked: the one revert string members can meet through our calls.
      return /blacklisted/i.test(String(args[0]))
        ? 'USDC will not move funds to or from this wallet: its issuer has blocked the address.'
        : undefined;
    case 'ERC20InsufficientBalance':
      return insufficientBalance(b ?? 0n, c ?? 0n);
    case 'ERC20InsufficientAllowance':
      return 'The lending contract may not move this much of your USDC yet. Approve it and try again.';
    default:
      return undefined;
  }
}

const customErrors = [
  ...microLendingAbi.filter((item) => item.type === 'error'),
  {
    type: 'error',
    name: 'ERC20InsufficientBalance',
    inputs: [
      { name: 'sender', type: 'address' },
      { name: 'balance', type: 'uint256' },
      { name: 'needed', type: 'uint256' },
    ],
  },
  {
    type: 'error',
    name: 'ERC20InsufficientAllowance',
    inputs: [
      { name: 'spender', type: 'address' },
      { name: 'allowance', type: 'uint256' },
      { name: 'needed', type: 'uint256' },
    ],
  },
] as const;

function revertDataOf(error: unknown): Hex | undefined {
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 10; depth++) {
    const data = (current as { data?: unknown }).data;
    if (typeof data === 'string' && /^0x[0-9a-f]{8}/i.test(data)) {
      return data as Hex;
    }
    if (typeof data === 'object' && data !== null) {
      const nested = (data as { data?: unknown }).data;
      if (typeof nested === 'string' && /^0x[0-9a-f]{8}/i.test(nested)) {
        return nested as Hex;
      }
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The contract's reason for refusing, in words, when the error carries one. */
export function revertReason(error: unknown): string | undefined {
  const data = revertDataOf(error);
  if (data === undefined) {
    return undefined;
  }
  try {
    const decoded = decodeErrorResult({ abi: customErrors, data });
    return explain(decoded.errorName, decoded.args ?? []);
  } catch {
    return undefined;
  }
}

/** Did the member decline in the wallet (EIP-1193 code 4001)? */
export function isDeclined(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 10; depth++) {
    const { code, name } = current as { code?: unknown; name?: unknown };
    if (code === USER_REJECTED || name === 'UserRejectedRequestError') {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * What to tell the member about a failed wallet or chain step: a decline calmly, the contract's
 * reason in words, our own and the API's messages as they are, else viem's short message (at most 100
 * characters, SPEC §8 "fund loan") or the action's fallback.
 */
export function describeWalletError(error: unknown, fallback: string): WalletError {
  if (error instanceof WalletError) {
    return error;
  }
  if (error instanceof ApiError) {
    return new WalletError(error.message);
  }
  if (isDeclined(error)) {
    return new WalletError(DECLINED, true);
  }
  const reason = revertReason(error);
  if (reason !== undefined) {
    return new WalletError(reason);
  }
  if (error instanceof BaseError) {
    return new WalletError(error.shortMessage.slice(0, 100) || fallback);
  }
  if (error instanceof Error && error.message !== '') {
    return new WalletError(error.message.slice(0, 100));
  }
  return new WalletError(fallback);
}

/** The toast for a failed wallet step: a decline is the member's choice, said calmly (info). */
export function toastWalletError(error: unknown, fallback: string): void {
  const described = describeWalletError(error, fallback);
  if (described.calm) {
    notify.info(described.message);
  } else {
    notify.error(described.message);
  }
}
