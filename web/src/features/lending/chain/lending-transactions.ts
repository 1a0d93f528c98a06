import { microLendingAbi } from '@lendpath/contracts';
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  maxUint256,
  parseEventLogs,
  type TransactionReceipt,
} from 'viem';
import { sendTransaction } from 'viem/actions';
import type { Config } from 'wagmi';
import { getConnection, getConnectorClient, getPublicClient } from 'wagmi/actions';

import type { ChainConfig } from '@/config/wagmi';

import { loanMessages } from '../validation';
import { ESTIMATE_FAILED, insufficientBalance, revertReason, WalletError } from './wallet-errors';

/** SPEC §5: a receipt without our LoanRequested. */
const NO_LOAN_ID = 'Failed to get loan ID from transaction';
const FAILED_ON_CHAIN = 'The transaction was mined but failed on chain. Nothing changed.';

/** Everything a lending transaction needs: wagmi's config (the connection) and the chain. */
export interface LendingContext {
  config: Config;
  chain: ChainConfig;
}

/** SPEC §9: gas is the estimate × 1.2. */
export const withGasBuffer = (estimate: bigint) => (estimate * 12n) / 10n;

/** The connected account on the right chain, or the SPEC message that says what is wrong. */
function connectedAccount({ config, chain }: LendingContext): Address {
  const connection = getConnection(config);
  if (connection.address === undefined) {
    throw new WalletError(loanMessages.connect);
  }
  if (connection.chainId !== chain.chainId) {
    throw new WalletError(loanMessages.network);
  }
  return connection.address;
}

function publicClient({ config, chain }: LendingContext) {
  const client = getPublicClient(config, { chainId: chain.chainId });
  if (client === undefined) {
    throw new WalletError('Failed to initialize contracts');
  }
  return client;
}

/**
 * Estimates, sends with the 1.2 buffer and waits for the receipt. A failed estimate explains the
 * contract's custom error in words when it names one, else SPEC's "will likely fail".
 */
async function send(
  context: LendingContext,
  account: Address,
  to: Address,
  data: Hex,
): Promise<TransactionReceipt> {
  const client = publicClient(context);
  let gas: bigint;
  try {
    gas = await client.estimateGas({ account, to, data });
  } catch (error) {
    throw new WalletError(revertReason(error) ?? ESTIMATE_FAILED);
  }
  const wallet = await getConnectorClient(context.config, {
    chainId: context.chain.chainId,
    account,
  });
  const hash = await sendTransaction(wallet, {
    account,
    chain: wallet.chain,
    to,
    data,
    gas: withGasBuffer(gas),
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') {
    throw new WalletError(FAILED_ON_CHAIN);
  }
  return receipt;
}

/** SPEC §5: the balance must cover `needed`; an allowance below it asks for the maximum first. */
async function ensureUsdc(context: LendingContext, account: Address, needed: bigint) {
  const client = publicClient(context);
  const { usdcAddress, lendingAddress } = context.chain;
  const balance = await client.readContract({
    address: usdcAddress,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [account],
  });
  if (balance < needed) {
    throw new WalletError(insufficientBalance(balance, needed));
  }
  const allowance = await client.readContract({
    address: usdcAddress,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [account, lendingAddress],
  });
  if (allowance < needed) {
    await send(
      context,
      account,
      usdcAddress,
      encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [lendingAddress, maxUint256],
      }),
    );
  }
}

export interface RequestedLoan {
  hash: Hex;
  loanId: bigint;
  account: Address;
}

/** requestLoan(amount, duration, maxAprBps); the loan id is read from the receipt's LoanRequested. */
export async function requestLoan(
  context: LendingContext,
  request: { amountUnits: bigint; durationSeconds: bigint; maxAprBps: bigint },
): Promise<RequestedLoan> {
  const account = connectedAccount(context);
  const receipt = await send(
    context,
    account,
    context.chain.lendingAddress,
    encodeFunctionData({
      abi: microLendingAbi,
      functionName: 'requestLoan',
      args: [request.amountUnits, request.durationSeconds, request.maxAprBps],
    }),
  );
  const [requested] = parseEventLogs({
    abi: microLendingAbi,
    eventName: 'LoanRequested',
    logs: receipt.logs.filter(
      (log) => log.address.toLowerCase() === context.chain.lendingAddress.toLowerCase(),
    ),
  });
  if (requested === undefined) {
    throw new WalletError(NO_LOAN_ID);
  }
  return { hash: receipt.transactionHash, loanId: requested.args.id, account };
}

/** fundLoan(id, aprBps), after the balance and allowance checks for the principal. */
export async function fundLoan(
  context: LendingContext,
  loan: { loanChainId: bigint; principalUnits: bigint; aprBps: bigint },
): Promise<{ hash: Hex; account: Address }> {
  const account = connectedAccount(context);
  await ensureUsdc(context, account, loan.principalUnits);
  const receipt = await send(
    context,
    account,
    context.chain.lendingAddress,
    encodeFunctionData({
      abi: microLendingAbi,
      functionName: 'fundLoan',
      args: [loan.loanChainId, loan.aprBps],
    }),
  );
  return { hash: receipt.transactionHash, account };
}

/** What repaying now costs (the contract's breakdown: principal, interest, any late penalty). */
export async function repaymentDue(context: LendingContext, loanChainId: bigint): Promise<bigint> {
  const [, , , , totalRepayment] = await publicClient(context).readContract({
    address: context.chain.lendingAddress,
    abi: microLendingAbi,
    functionName: 'getRepaymentBreakdown',
    args: [loanChainId],
  });
  return totalRepayment;
}

/** A lending call on one loan, from the connected account: repayLoan, cancelLoan, claimEscrow. */
async function loanCall(
  context: LendingContext,
  account: Address,
  functionName: 'repayLoan' | 'cancelLoan' | 'claimEscrow',
  loanChainId: bigint,
): Promise<Hex> {
  const data = encodeFunctionData({ abi: microLendingAbi, functionName, args: [loanChainId] });
  return (await send(context, account, context.chain.lendingAddress, data)).transactionHash;
}

/** repayLoan(id), after the balance and allowance checks for what repaying costs now. */
export async function repayLoan(context: LendingContext, loanChainId: bigint): Promise<Hex> {
  const account = connectedAccount(context);
  await ensureUsdc(context, account, await repaymentDue(context, loanChainId));
  return loanCall(context, account, 'repayLoan', loanChainId);
}

export const cancelLoan = (context: LendingContext, loanChainId: bigint): Promise<Hex> =>
  loanCall(context, connectedAccount(context), 'cancelLoan', loanChainId);

/** claimEscrow(id): the lender collects a repayment the contract held for them. */
export const claimEscrow = (context: LendingContext, loanChainId: bigint): Promise<Hex> =>
  loanCall(context, connectedAccount(context), 'claimEscrow', loanChainId);

/**
 * claimEscrowTo(id, to): the lender has the held repayment sent to another address of theirs,
 * for a wallet that cannot receive USDC itself (the reason it was held).
 */
export async function claimEscrowTo(
  context: LendingContext,
  loanChainId: bigint,
  to: Address,
): Promise<Hex> {
  const data = encodeFunctionData({
    abi: microLendingAbi,
    functionName: 'claimEscrowTo',
    args: [loanChainId, to],
  });
  const account = connectedAccount(context);
  return (await send(context, account, context.chain.lendingAddress, data)).transactionHash;
}
