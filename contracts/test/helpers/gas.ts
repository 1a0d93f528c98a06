import { maxUint256 } from 'viem';

import { DAY, deployLending, USDC } from './fixture.ts';

export const operations = [
  'requestLoan',
  'fundLoan',
  'repayLoan',
  'cancelLoan',
  'markDefaulted',
] as const;
export type Operation = (typeof operations)[number];

/** Total transaction gas (from the receipt) each operation may cost, in the steady state. */
export const budgets: Record<Operation, bigint> = {
  requestLoan: 55_000n,
  fundLoan: 105_000n,
  repayLoan: 70_000n,
  cancelLoan: 30_000n,
  markDefaulted: 33_000n,
};

/** A well-known peer's figures for the same operations (Cooler), for comparison. */
export const peer: Record<Operation, bigint> = {
  requestLoan: 172_893n,
  fundLoan: 323_073n,
  repayLoan: 91_294n,
  cancelLoan: 59_936n,
  markDefaulted: 65_906n,
};

type Fixture = Awaited<ReturnType<typeof deployLending<'FiatToken'>>>;

/** Circle's USDC (FiatTokenV2_2 behind its proxy), the token members pay gas against on Arbitrum. */
const onRealUsdc = () => deployLending('FiatToken');

const gasOf = (f: Fixture) => async (hash: Promise<`0x${string}`>) =>
  (await f.receipt(await hash)).gasUsed;

/**
 * Measures each operation as members meet it most often: not the first loan ever, borrower,
 * lender and fee recipient already holding USDC (approved for the maximum, as the client asks),
 * a non-zero fee, and the repayment on time. The budgets hold here.
 */
export async function measureGas(): Promise<Record<Operation, bigint>> {
  const f = await onRealUsdc();
  const borrower = await f.as(f.borrower);
  const lender = await f.as(f.lender);
  const gas = gasOf(f);

  // One whole loan first, so no measurement pays for a first-ever write.
  await f.requestAndFund();
  await borrower.write.repayLoan([1n]);

  const requestLoan = await gas(borrower.write.requestLoan([5n * USDC, 30n * DAY]));
  const fundLoan = await gas(lender.write.fundLoan([2n, 500n]));
  const repayLoan = await gas(borrower.write.repayLoan([2n]));
  const cancelLoan = await gas(borrower.write.cancelLoan([await f.request()]));
  const { id, deadline } = await f.requestAndFund();
  await f.networkHelpers.time.increaseTo(deadline + 1n);
  const markDefaulted = await gas((await f.as(f.stranger)).write.markDefaulted([id]));
  return { requestLoan, fundLoan, repayLoan, cancelLoan, markDefaulted };
}

/**
 * The first loan a new deployment ever sees: the fee recipient has never held USDC, so the first
 * fee creates its balance (a storage slot written from zero), as does the first of everything.
 */
export async function measureFirstLoan(): Promise<Record<Operation, bigint>> {
  const f = await onRealUsdc();
  const borrower = await f.as(f.borrower);
  const lender = await f.as(f.lender);
  const gas = gasOf(f);
  // The fixture funds the fee recipient like everyone else: empty its balance first.
  await f.usdc.write.transfer([f.stranger.account.address, await f.balanceOf(f.feeRecipient)], {
    account: f.feeRecipient.account,
  });

  const requestLoan = await gas(borrower.write.requestLoan([5n * USDC, 30n * DAY]));
  const fundLoan = await gas(lender.write.fundLoan([1n, 500n]));
  const repayLoan = await gas(borrower.write.repayLoan([1n]));
  const cancelLoan = await gas(borrower.write.cancelLoan([await f.request()]));
  const { id, deadline } = await f.requestAndFund();
  await f.networkHelpers.time.increaseTo(deadline + 1n);
  const markDefaulted = await gas((await f.as(f.stranger)).write.markDefaulted([id]));
  return { requestLoan, fundLoan, repayLoan, cancelLoan, markDefaulted };
}

/**
 * Members new to USDC: a borrower holding 0 USDC when funded (the principal creates their
 * balance), and a lender who lends all they hold and so holds 0 when repaid (the funding empties
 * their balance, the repayment creates it again). Request, cancel and default touch no balance,
 * so they cost what they cost in the steady state.
 */
export async function measureFreshMembers(): Promise<Record<Operation, bigint>> {
  const f = await onRealUsdc();
  const gas = gasOf(f);
  const [, , , , , , freshBorrower, freshLender] = await f.viem.getWalletClients();
  if (freshBorrower === undefined || freshLender === undefined) {
    throw new Error('the test network has too few accounts');
  }
  for (const wallet of [freshBorrower, freshLender]) {
    await f.usdc.write.approve([f.lending.address, maxUint256], { account: wallet.account });
  }
  // The steady state otherwise: one whole loan first.
  await f.requestAndFund();
  await (await f.as(f.borrower)).write.repayLoan([1n]);

  const borrower = await f.as(freshBorrower);
  const lender = await f.as(freshLender);
  const principal = 5n * USDC;
  await f.usdc.write.mint([freshLender.account.address, principal]);
  const requestLoan = await gas(borrower.write.requestLoan([principal, 30n * DAY]));
  const fundLoan = await gas(lender.write.fundLoan([2n, 500n]));
  // What the borrower owes beyond what they received (the fee and the interest).
  await f.usdc.write.mint([freshBorrower.account.address, USDC]);
  const repayLoan = await gas(borrower.write.repayLoan([2n]));
  await f.usdc.write.mint([freshLender.account.address, principal]);
  const cancelLoan = await gas(borrower.write.cancelLoan([await requestAs(f, freshBorrower)]));
  const id = await requestAs(f, freshBorrower);
  const funded = await f.receipt(await lender.write.fundLoan([id, 500n]));
  const { timestamp } = await f.publicClient.getBlock({ blockNumber: funded.blockNumber });
  await f.networkHelpers.time.increaseTo(timestamp + 33n * DAY + 1n);
  const markDefaulted = await gas((await f.as(f.stranger)).write.markDefaulted([id]));
  return { requestLoan, fundLoan, repayLoan, cancelLoan, markDefaulted };
}

async function requestAs(
  f: Fixture,
  wallet: Awaited<ReturnType<Fixture['viem']['getWalletClients']>>[number],
): Promise<bigint> {
  await (await f.as(wallet)).write.requestLoan([5n * USDC, 30n * DAY]);
  return f.lending.read.loanCounter();
}
