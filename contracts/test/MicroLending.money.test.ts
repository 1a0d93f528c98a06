import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { DAY, defaults, deployLending, USDC } from './helpers/fixture.ts';
import {
  exactFee,
  exactInterest,
  exactPenalty,
  expected,
  random,
  type Rational,
  roundingError,
  type Terms,
} from './helpers/model.ts';

/** Charged minus exact lies in [0, 1): at most one unit off, never below the exact figure. */
function assertLenderFavoured(charged: bigint, exact: Rational, what: string) {
  const [n, d] = roundingError(charged, exact);
  assert.ok(n >= 0n && n < d, `${what}: charged ${charged}, exact ${exact[0]}/${exact[1]}`);
}

const CASES = 40;

describe('MicroLending money', () => {
  it(`charges interest, fee and penalty as the reference model, over ${CASES} fuzzed loans`, async () => {
    const f = await deployLending();
    const lender = await f.as(f.lender);
    const borrower = await f.as(f.borrower);
    const seed = 20_251_122;
    const rng = random(seed);
    for (let i = 0; i < CASES; i++) {
      const principal = rng.between(defaults.minLoanAmount, defaults.maxLoanAmount);
      const duration = rng.between(defaults.minDuration, defaults.maxDuration);
      const aprBps = 100n + 50n * rng.between(0n, 38n);
      // Repay early, on the due date, inside the grace period, a little late or very late.
      const offset = [
        0n,
        duration,
        duration + defaults.gracePeriod,
        duration + rng.between(0n, 60n * DAY),
      ][Number(rng.between(0n, 3n))]!;

      const id = await f.request(principal, duration);
      const fund = lender.write.fundLoan([id, aprBps]);
      const startDate = await f.minedAt(await fund);
      const terms: Terms = {
        principal,
        duration,
        aprBps,
        feeBps: defaults.feeBps,
        penaltyBps: defaults.penaltyBps,
        gracePeriod: defaults.gracePeriod,
        penaltyInterval: defaults.penaltyInterval,
        maxPenaltyIntervals: defaults.maxPenaltyIntervals,
        startDate,
      };
      const at = startDate + (offset === 0n ? 1n : offset);
      const model = expected(terms, at);
      const label = `case ${i} (seed ${seed}): ${JSON.stringify({ principal, duration, aprBps, offset }, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`;

      await f.usdcChanged(fund, [
        { address: f.borrower.account.address, amount: model.amountToBorrower },
        { address: f.feeRecipient.account.address, amount: model.fee },
      ]);
      await f.networkHelpers.time.setNextBlockTimestamp(at);
      await f.networkHelpers.mine();
      const [p, interest, fee, penalty, total, toBorrower] =
        await f.lending.read.getRepaymentBreakdown([id]);
      assert.deepEqual(
        { p, interest, fee, penalty, total, toBorrower },
        {
          p: principal,
          interest: model.interest,
          fee: model.fee,
          penalty: model.penalty,
          total: model.totalRepayment,
          toBorrower: model.amountToBorrower,
        },
        label,
      );
      assertLenderFavoured(interest, exactInterest(terms), `interest, ${label}`);
      assertLenderFavoured(penalty, exactPenalty(terms, at), `penalty, ${label}`);
      // The fee rounds the other way: the borrower never pays more than the exact fee.
      const [feeN, feeD] = roundingError(fee, exactFee(terms));
      assert.ok(feeN <= 0n && -feeN < feeD, `fee, ${label}`);

      // Repaying one second later, in the next block, must cost what the model says then.
      const later = expected(terms, at + 1n);
      await f.networkHelpers.time.setNextBlockTimestamp(at + 1n);
      await f.usdcChanged(borrower.write.repayLoan([id]), [
        { address: f.borrower.account.address, amount: -later.totalRepayment },
        { address: f.lender.account.address, amount: later.totalRepayment },
      ]);
    }
  });

  it('caps the penalty however late the repayment', async () => {
    const f = await deployLending();
    const { id, deadline } = await f.requestAndFund(10n * USDC, 90n * DAY, 2_000n);
    await f.networkHelpers.time.increaseTo(deadline + 3_650n * DAY);
    const [, , , penalty] = await f.lending.read.getRepaymentBreakdown([id]);
    // 1 % of 10 USDC for at most 30 intervals.
    assert.equal(penalty, 3n * USDC);
  });

  it('charges nothing late on the due date or anywhere in the grace period', async () => {
    const f = await deployLending();
    const { id, dueDate, deadline } = await f.requestAndFund(USDC, 30n * DAY, 500n);
    for (const at of [dueDate, dueDate + DAY, deadline]) {
      await f.networkHelpers.time.increaseTo(at);
      const [, , , penalty] = await f.lending.read.getRepaymentBreakdown([id]);
      assert.equal(penalty, 0n, `at due + ${at - dueDate} s`);
    }
    await f.networkHelpers.time.increaseTo(deadline + 1n);
    const [, , , penalty] = await f.lending.read.getRepaymentBreakdown([id]);
    assert.equal(penalty, 10_000n, 'one second past the deadline starts the first interval');
  });

  it('repays exactly at the due date for principal plus interest', async () => {
    const f = await deployLending();
    const { id, dueDate } = await f.requestAndFund(5n * USDC, 30n * DAY, 500n);
    await f.networkHelpers.time.setNextBlockTimestamp(dueDate);
    await f.usdcChanged((await f.as(f.borrower)).write.repayLoan([id]), [
      { address: f.lender.account.address, amount: 5n * USDC + 20_548n },
    ]);
  });

  describe('when the fee changes after funding', () => {
    it('keeps the funded loan on the fee it was funded with', async () => {
      const f = await deployLending();
      const { id } = await f.requestAndFund(5n * USDC, 30n * DAY, 500n);
      const before = await f.lending.read.getRepaymentBreakdown([id]);
      await f.lending.write.setFeeBps([25n]);
      assert.deepEqual(await f.lending.read.getRepaymentBreakdown([id]), before);
      assert.equal((await f.lending.read.getLoan([id])).feeBps, 100n);
      await f.usdcChanged((await f.as(f.borrower)).write.repayLoan([id]), [
        { address: f.lender.account.address, amount: 5n * USDC + 20_548n },
      ]);
    });

    it('funds new loans at the new fee', async () => {
      const f = await deployLending();
      await f.lending.write.setFeeBps([25n]);
      const id = await f.request(4n * USDC);
      await f.usdcChanged((await f.as(f.lender)).write.fundLoan([id, 500n]), [
        { address: f.feeRecipient.account.address, amount: 10_000n },
        { address: f.borrower.account.address, amount: 3_990_000n },
      ]);
    });
  });

  describe('when the penalty changes after funding', () => {
    it('keeps the grace period the loan was funded with', async () => {
      const f = await deployLending();
      const { id, deadline } = await f.requestAndFund(USDC, 30n * DAY, 500n);
      await f.lending.write.setPenaltyConfig([100n, 0n, DAY, 30n]);
      assert.equal((await f.lending.read.getLoan([id])).gracePeriod, 3n * DAY);
      await f.networkHelpers.time.setNextBlockTimestamp(deadline);
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        (await f.as(f.stranger)).write.markDefaulted([id]),
        f.lending,
        'MicroLending__NotDefaultable',
        [id, deadline],
      );
    });

    it('keeps the penalty schedule the loan was funded with', async () => {
      const f = await deployLending();
      const { id, deadline } = await f.requestAndFund(USDC, 30n * DAY, 500n);
      await f.lending.write.setPenaltyConfig([500n, 0n, 3_600n, 10n]);
      const loan = await f.lending.read.getLoan([id]);
      assert.deepEqual(
        [loan.penaltyBps, loan.penaltyInterval, loan.maxPenaltyIntervals],
        [defaults.penaltyBps, defaults.penaltyInterval, defaults.maxPenaltyIntervals],
      );
      // Five started days late: 5 % under the loan's schedule (the new one would charge 50 %).
      await f.networkHelpers.time.setNextBlockTimestamp(deadline + 5n * DAY);
      await f.viem.assertions.emitWithArgs(
        (await f.as(f.borrower)).write.repayLoan([id]),
        f.lending,
        'LoanRepaid',
        [
          id,
          f.borrower.account.address,
          f.lender.account.address,
          USDC + 4_110n + 50_000n,
          50_000n,
          false,
        ],
      );
    });

    it('applies the new schedule to loans funded after the change', async () => {
      const f = await deployLending();
      await f.lending.write.setPenaltyConfig([500n, 0n, 3_600n, 10n]);
      const { id, dueDate } = await f.requestAndFund(USDC, 30n * DAY, 500n);
      await f.networkHelpers.time.increaseTo(dueDate + 2n * 3_600n);
      const [, , , penalty] = await f.lending.read.getRepaymentBreakdown([id]);
      assert.equal(penalty, (USDC * 500n * 2n) / 10_000n);
    });
  });
});
