import { DAY, deployLending, USDC } from './fixture.ts';

export const operations = [
  'requestLoan',
  'fundLoan',
  'repayLoan',
  'cancelLoan',
  'markDefaulted',
] as const;
export type Operation = (typeof operations)[number];

/** Total transaction gas (from the receipt) each operation may cost. */
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

/**
 * Measures each operation as members meet it: not the first loan ever, borrower, lender and fee
 * recipient already holding USDC (approved for the maximum, as the client asks), a non-zero fee,
 * and the repayment on time.
 */
export async function measureGas(): Promise<Record<Operation, bigint>> {
  const f = await deployLending();
  const borrower = await f.as(f.borrower);
  const lender = await f.as(f.lender);
  const gas = async (hash: Promise<`0x${string}`>) => (await f.receipt(await hash)).gasUsed;

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
