import assert from 'node:assert/strict';

import { network } from 'hardhat';
import { type Hash, maxUint256 } from 'viem';

import { deployFiatToken } from '../../scripts/fiat-token.ts';

export const DAY = 86_400n;
export const USDC = 1_000_000n;

/** The contract's defaults (constructor): see MicroLending.sol. */
export const defaults = {
  feeBps: 100n,
  penaltyBps: 100n,
  gracePeriod: 3n * DAY,
  penaltyInterval: DAY,
  maxPenaltyIntervals: 30n,
  minLoanAmount: 10_000n,
  maxLoanAmount: 10n * USDC,
  minDuration: 7n * DAY,
  maxDuration: 90n * DAY,
  maxAprBps: 2_000n,
} as const;

export const Status = {
  None: 0,
  Requested: 1,
  Funded: 2,
  Repaid: 3,
  Cancelled: 4,
  Defaulted: 5,
} as const;

/** Addresses compare case-insensitively (checksummed or not). */
export function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** MockUSDC and its variants mint freely for unit tests; FiatToken is Circle's real USDC code. */
export type TokenName = 'MockUSDC' | 'BlacklistableUSDC' | 'ReentrantToken' | 'FiatToken';

/** A fresh chain with USDC, the lending contract and funded, approved members. */
export async function deployLending<T extends TokenName = 'MockUSDC'>(token?: T) {
  const connection = await network.create();
  const { viem, networkHelpers } = connection;
  const wallets = await viem.getWalletClients();
  const account = (index: number) => {
    const wallet = wallets[index];
    if (wallet === undefined) {
      throw new Error('the test network has too few accounts');
    }
    return wallet;
  };
  const [owner, borrower, lender, feeRecipient, stranger, other] = [0, 1, 2, 3, 4, 5].map(
    account,
  ) as [
    ReturnType<typeof account>,
    ReturnType<typeof account>,
    ReturnType<typeof account>,
    ReturnType<typeof account>,
    ReturnType<typeof account>,
    ReturnType<typeof account>,
  ];
  const publicClient = await viem.getPublicClient();
  // FiatToken is typed through MockUSDC's ABI: every function the tests call on it (mint from the
  // deployer, the only minter; approve; balanceOf) has the same signature in both.
  const usdc =
    token === 'FiatToken'
      ? await viem.getContractAt('MockUSDC', (await deployFiatToken(publicClient, owner)).address)
      : await viem.deployContract((token ?? 'MockUSDC') as 'MockUSDC');
  const lending = await viem.deployContract('MicroLending', [
    usdc.address,
    owner.account.address,
    feeRecipient.account.address,
  ]);
  for (const member of [borrower, lender, feeRecipient, stranger, other]) {
    await usdc.write.mint([member.account.address, 1_000n * USDC]);
    await usdc.write.approve([lending.address, maxUint256], { account: member.account });
  }
  const as = (wallet: typeof owner) =>
    viem.getContractAt('MicroLending', lending.address, { client: { wallet } });
  const receipt = (hash: Hash) => publicClient.waitForTransactionReceipt({ hash });
  /** The timestamp of the block that mined `hash`. */
  const minedAt = async (hash: Hash) =>
    (await publicClient.getBlock({ blockNumber: (await receipt(hash)).blockNumber })).timestamp;
  const balanceOf = (wallet: { account: { address: `0x${string}` } } | `0x${string}`) =>
    usdc.read.balanceOf([typeof wallet === 'string' ? wallet : wallet.account.address]);

  /** Asserts how the transaction changed USDC balances (one transaction per block here). */
  async function usdcChanged(
    hash: Hash | Promise<Hash>,
    changes: { address: `0x${string}`; amount: bigint }[],
  ): Promise<void> {
    const { blockNumber } = await receipt(await hash);
    for (const { address, amount } of changes) {
      const [before, after] = await Promise.all([
        usdc.read.balanceOf([address], { blockNumber: blockNumber - 1n }),
        usdc.read.balanceOf([address], { blockNumber }),
      ]);
      assert.equal(after - before, amount, `USDC change of ${address}`);
    }
  }

  /** Requests a loan as the borrower; answers its id. */
  async function request(amount = 5n * USDC, duration = 30n * DAY): Promise<bigint> {
    await (await as(borrower)).write.requestLoan([amount, duration]);
    return lending.read.loanCounter();
  }

  /** Requests and funds a loan; answers its id and when it was funded. */
  async function requestAndFund(amount = 5n * USDC, duration = 30n * DAY, aprBps = 500n) {
    const id = await request(amount, duration);
    const startDate = await minedAt(await (await as(lender)).write.fundLoan([id, aprBps]));
    return {
      id,
      startDate,
      dueDate: startDate + duration,
      deadline: startDate + duration + defaults.gracePeriod,
    };
  }

  return {
    connection,
    viem,
    networkHelpers,
    publicClient,
    usdc,
    lending,
    owner,
    borrower,
    lender,
    feeRecipient,
    stranger,
    other,
    as,
    receipt,
    minedAt,
    balanceOf,
    usdcChanged,
    request,
    requestAndFund,
  };
}
