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

/** A late penalty schedule, in the order setPenaltyConfig takes it. */
interface Schedule {
  penaltyBps: bigint;
  gracePeriod: bigint;
  penaltyInterval: bigint;
  maxPenaltyIntervals: bigint;
}

const scheduleArgs = (s: Schedule) =>
  [s.penaltyBps, s.gracePeriod, s.penaltyInterval, s.maxPenaltyIntervals] as const;

const defaultSchedule: Schedule = {
  penaltyBps: defaults.penaltyBps,
  gracePeriod: defaults.gracePeriod,
  penaltyInterval: defaults.penaltyInterval,
  maxPenaltyIntervals: defaults.maxPenaltyIntervals,
};

describe('MicroLending money', () => {
  it(`charges interest, fee and penalty as the reference model, over ${CASES} fuzzed loans`, async () => {
    const f = await deployLending();
    const lender = await f.as(f.lender);
    const borrower = await f.as(f.borrower);
    const seed = 20_251_122;
    const rng = random(seed);
    let current = defaultSchedule;
    for (let i = 0; i < CASES; i++) {
      const principal = rng.between(defaults.minLoanAmount, defaults.maxLoanAmount);
      const duration = rng.between(defaults.minDuration, defaults.maxDuration);
      const aprBps = 100n + 50n * rng.between(0n, 38n);

      const id = await f.request(principal, duration);
      // The schedule the borrower was offered is theirs, whatever the owner sets before funding.
      const requested = current;
      if (rng.between(0n, 2n) === 0n) {
        const maxPenaltyIntervals = rng.between(1n, 255n);
        const cap = 5_000n / maxPenaltyIntervals;
        current = {
          penaltyBps: rng.between(0n, cap < 500n ? cap : 500n),
          gracePeriod: rng.between(0n, 30n * DAY),
          penaltyInterval: rng.between(3_600n, 30n * DAY),
          maxPenaltyIntervals,
        };
        await f.lending.write.setPenaltyConfig([...scheduleArgs(current)]);
      }
      // Repay early, on the due date, inside the grace period, a little late or very late.
      const offset = [
        0n,
        duration,
        duration + requested.gracePeriod,
        duration + rng.between(0n, 60n * DAY),
      ][Number(rng.between(0n, 3n))]!;

      const fund = lender.write.fundLoan([id, aprBps]);
      const startDate = await f.minedAt(await fund);
      const terms: Terms = {
        principal,
        duration,
        aprBps,
        feeBps: defaults.feeBps,
        ...requested,
        startDate,
      };
      const at = startDate + (offset === 0n ? 1n : offset);
      const model = expected(terms, at);
      const label = `case ${i} (seed ${seed}): ${JSON.stringify({ principal, duration, aprBps, offset, requested }, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`;

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

  describe('when the fee is lowered between request and funding', () => {
    it('charges the lower fee, the one in force at funding', async () => {
      const f = await deployLending();
      const id = await f.request(4n * USDC);
      assert.equal((await f.lending.read.getLoan([id])).feeBps, 100n);
      await f.lending.write.setFeeBps([25n]);
      // The request already shows what funding will charge.
      assert.equal((await f.lending.read.getLoan([id])).feeBps, 25n);
      const [, , fee, , , toBorrower] = await f.lending.read.getRepaymentBreakdown([id]);
      assert.deepEqual([fee, toBorrower], [10_000n, 3_990_000n]);

      const hash = (await f.as(f.lender)).write.fundLoan([id, 500n]);
      await f.usdcChanged(hash, [
        { address: f.feeRecipient.account.address, amount: 10_000n },
        { address: f.borrower.account.address, amount: 3_990_000n },
      ]);
      await f.viem.assertions.emitWithArgs(hash, f.lending, 'FeeDeducted', [
        id,
        f.feeRecipient.account.address,
        10_000n,
      ]);
      // From funding on, the loan keeps that fee.
      await f.lending.write.setFeeBps([0n]);
      assert.equal((await f.lending.read.getLoan([id])).feeBps, 25n);
    });
  });

  describe('when the penalty schedule changes between request and funding', () => {
    // Requested under 1 % a day after 3 days' grace, at most 30 %; the owner then sets 5 % an
    // hour, no grace, at most 50 %, before anyone funds it.
    const harsher: Schedule = {
      penaltyBps: 500n,
      gracePeriod: 0n,
      penaltyInterval: 3_600n,
      maxPenaltyIntervals: 10n,
    };

    it('keeps the grace period the borrower was offered at the request', async () => {
      const f = await deployLending();
      const id = await f.request(USDC, 30n * DAY);
      await f.lending.write.setPenaltyConfig([...scheduleArgs(harsher)]);
      const startDate = await f.minedAt(await (await f.as(f.lender)).write.fundLoan([id, 500n]));
      const loan = await f.lending.read.getLoan([id]);
      assert.deepEqual(
        [loan.penaltyBps, loan.gracePeriod, loan.penaltyInterval, loan.maxPenaltyIntervals],
        [...scheduleArgs(defaultSchedule)],
      );
      // Under the new schedule it would be defaultable from the second after the due date.
      const deadline = startDate + 30n * DAY + defaults.gracePeriod;
      await f.networkHelpers.time.setNextBlockTimestamp(deadline);
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        (await f.as(f.stranger)).write.markDefaulted([id]),
        f.lending,
        'MicroLending__NotDefaultable',
        [id, deadline],
      );
      await f.networkHelpers.time.setNextBlockTimestamp(deadline + 1n);
      await (await f.as(f.stranger)).write.markDefaulted([id]);
    });

    it('charges the late penalty of the request, not the harsher one in force at funding', async () => {
      const f = await deployLending();
      const id = await f.request(USDC, 30n * DAY);
      await f.lending.write.setPenaltyConfig([...scheduleArgs(harsher)]);
      const startDate = await f.minedAt(await (await f.as(f.lender)).write.fundLoan([id, 500n]));
      const deadline = startDate + 30n * DAY + defaults.gracePeriod;

      // Five started days late: 5 % of 1 USDC (the harsher schedule would charge its 50 % cap).
      await f.networkHelpers.time.setNextBlockTimestamp(deadline + 4n * DAY + 3_600n);
      await f.networkHelpers.mine();
      const [, interest, , penalty, total] = await f.lending.read.getRepaymentBreakdown([id]);
      assert.deepEqual([interest, penalty, total], [4_110n, 50_000n, USDC + 4_110n + 50_000n]);

      await f.networkHelpers.time.setNextBlockTimestamp(deadline + 4n * DAY + 7_200n);
      const hash = (await f.as(f.borrower)).write.repayLoan([id]);
      await f.viem.assertions.emitWithArgs(hash, f.lending, 'LoanRepaid', [
        id,
        f.borrower.account.address,
        f.lender.account.address,
        USDC + 4_110n + 50_000n,
        50_000n,
        false,
      ]);
      await f.usdcChanged(hash, [
        { address: f.borrower.account.address, amount: -(USDC + 4_110n + 50_000n) },
        { address: f.lender.account.address, amount: USDC + 4_110n + 50_000n },
      ]);
    });

    it('keeps each loan on the schedule of its own request, through several changes', async () => {
      const f = await deployLending();
      const v2: Schedule = { ...harsher, maxPenaltyIntervals: 6n };
      const v3: Schedule = {
        penaltyBps: 20n,
        gracePeriod: 10n * DAY,
        penaltyInterval: 2n * DAY,
        maxPenaltyIntervals: 100n,
      };
      const v4: Schedule = {
        penaltyBps: 250n,
        gracePeriod: DAY,
        penaltyInterval: 6n * 3_600n,
        maxPenaltyIntervals: 20n,
      };
      // A is requested under the constructor's schedule and funded after three changes; B under
      // the second; C after the last.
      const a = { id: await f.request(2n * USDC, 30n * DAY), schedule: defaultSchedule };
      await f.lending.write.setPenaltyConfig([...scheduleArgs(v2)]);
      const b = { id: await f.request(3n * USDC, 30n * DAY), schedule: v2 };
      await f.lending.write.setPenaltyConfig([...scheduleArgs(v3)]);
      await f.lending.write.setPenaltyConfig([...scheduleArgs(v4)]);
      const c = { id: await f.request(4n * USDC, 30n * DAY), schedule: v4 };

      const loans = [];
      for (const { id, schedule } of [a, b, c]) {
        const { principal } = await f.lending.read.getLoan([id]);
        const startDate = await f.minedAt(
          await (await f.as(f.lender)).write.fundLoan([id, 1_000n]),
        );
        const terms: Terms = {
          principal,
          duration: 30n * DAY,
          aprBps: 1_000n,
          feeBps: defaults.feeBps,
          ...schedule,
          startDate,
        };
        const loan = await f.lending.read.getLoan([id]);
        assert.deepEqual(
          [loan.penaltyBps, loan.gracePeriod, loan.penaltyInterval, loan.maxPenaltyIntervals],
          [...scheduleArgs(schedule)],
          `loan ${id}'s schedule`,
        );
        // The refusal names the deadline: the due date plus the grace period of the request.
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          (await f.as(f.stranger)).write.markDefaulted([id]),
          f.lending,
          'MicroLending__NotDefaultable',
          [id, startDate + 30n * DAY + schedule.gracePeriod],
        );
        loans.push({ id, terms });
      }

      // Twelve days past the due dates: A is 9 days late (9 %), B at its own cap (30 %), C at
      // its cap (50 %); under the schedule now in force A and B would owe 50 % too.
      let at = loans[0]!.terms.startDate + 42n * DAY;
      const penalties = [];
      for (const { id, terms } of loans) {
        const owed = expected(terms, at);
        await f.networkHelpers.time.setNextBlockTimestamp(at);
        await f.networkHelpers.mine();
        const [, , , penalty, total] = await f.lending.read.getRepaymentBreakdown([id]);
        assert.deepEqual([penalty, total], [owed.penalty, owed.totalRepayment], `loan ${id}`);
        penalties.push(penalty);
        at += 1n;
        await f.networkHelpers.time.setNextBlockTimestamp(at);
        const repaid = expected(terms, at);
        await f.usdcChanged((await f.as(f.borrower)).write.repayLoan([id]), [
          { address: f.lender.account.address, amount: repaid.totalRepayment },
        ]);
        at += 1n;
      }
      assert.deepEqual(penalties, [180_000n, 900_000n, 2n * USDC]);
    });
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
    it('keeps the grace period the loan was requested under', async () => {
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

    it('keeps the penalty schedule the loan was requested under', async () => {
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

    it('applies the new schedule to loans requested after the change', async () => {
      const f = await deployLending();
      await f.lending.write.setPenaltyConfig([500n, 0n, 3_600n, 10n]);
      const { id, dueDate } = await f.requestAndFund(USDC, 30n * DAY, 500n);
      await f.networkHelpers.time.increaseTo(dueDate + 2n * 3_600n);
      const [, , , penalty] = await f.lending.read.getRepaymentBreakdown([id]);
      assert.equal(penalty, (USDC * 500n * 2n) / 10_000n);
    });
  });
});
