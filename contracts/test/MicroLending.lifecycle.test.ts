import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { DAY, defaults, deployLending, sameAddress, Status, USDC } from './helpers/fixture.ts';

describe('MicroLending lifecycle', () => {
  describe('requestLoan', () => {
    it('records a requested loan and emits LoanRequested with the platform maximum as its ceiling', async () => {
      const f = await deployLending();
      const hash = (await f.as(f.borrower)).write.requestLoan([5n * USDC, 30n * DAY]);
      await f.viem.assertions.emitWithArgs(hash, f.lending, 'LoanRequested', [
        1n,
        f.borrower.account.address,
        5n * USDC,
        30n * DAY,
        defaults.maxAprBps,
      ]);
      assert.equal(await f.lending.read.loanCounter(), 1n);
      const loan = await f.lending.read.getLoan([1n]);
      assert.equal(loan.status, Status.Requested);
      assert.ok(sameAddress(loan.borrower, f.borrower.account.address));
      assert.equal(loan.principal, 5n * USDC);
      assert.equal(loan.duration, 30n * DAY);
      assert.equal(loan.lender, '0x0000000000000000000000000000000000000000');
      assert.equal(loan.startDate, 0n);
      assert.equal(loan.interest, 0n);
    });

    it('numbers loans from 1 upwards', async () => {
      const f = await deployLending();
      assert.equal(await f.request(), 1n);
      assert.equal(await f.request(), 2n);
      assert.equal(await f.lending.read.loanCounter(), 2n);
    });

    it('accepts the amount and duration limits themselves', async () => {
      const f = await deployLending();
      await f.request(defaults.minLoanAmount, defaults.minDuration);
      await f.request(defaults.maxLoanAmount, defaults.maxDuration);
      assert.equal(await f.lending.read.loanCounter(), 2n);
    });

    describe('when the amount is out of range', () => {
      for (const amount of [0n, defaults.minLoanAmount - 1n, defaults.maxLoanAmount + 1n]) {
        it(`reverts for ${amount} units`, async () => {
          const f = await deployLending();
          await f.viem.assertions.revertWithCustomErrorWithArgs(
            (await f.as(f.borrower)).write.requestLoan([amount, 30n * DAY]),
            f.lending,
            'MicroLending__AmountOutOfRange',
            [amount, defaults.minLoanAmount, defaults.maxLoanAmount],
          );
        });
      }
    });

    describe('when the duration is out of range', () => {
      for (const duration of [defaults.minDuration - 1n, defaults.maxDuration + 1n]) {
        it(`reverts for ${duration} s`, async () => {
          const f = await deployLending();
          await f.viem.assertions.revertWithCustomErrorWithArgs(
            (await f.as(f.borrower)).write.requestLoan([USDC, duration]),
            f.lending,
            'MicroLending__DurationOutOfRange',
            [duration, defaults.minDuration, defaults.maxDuration],
          );
        });
      }
    });

    describe('with the borrower’s APR cap', () => {
      it('records the cap', async () => {
        const f = await deployLending();
        const hash = (await f.as(f.borrower)).write.requestLoan([USDC, 30n * DAY, 1_000n]);
        await f.viem.assertions.emitWithArgs(hash, f.lending, 'LoanRequested', [
          1n,
          f.borrower.account.address,
          USDC,
          30n * DAY,
          1_000n,
        ]);
        assert.equal((await f.lending.read.getLoan([1n])).maxAprBps, 1_000n);
      });

      it('records the platform maximum in force instead when the cap is higher', async () => {
        const f = await deployLending();
        const hash = (await f.as(f.borrower)).write.requestLoan([USDC, 30n * DAY, 3_000n]);
        await f.viem.assertions.emitWithArgs(hash, f.lending, 'LoanRequested', [
          1n,
          f.borrower.account.address,
          USDC,
          30n * DAY,
          defaults.maxAprBps,
        ]);
        assert.equal((await f.lending.read.getLoan([1n])).maxAprBps, defaults.maxAprBps);
      });

      for (const cap of [0n, 50n, 99n, 125n, 5_050n]) {
        it(`rejects a cap of ${cap} bps`, async () => {
          const f = await deployLending();
          await f.viem.assertions.revertWithCustomErrorWithArgs(
            (await f.as(f.borrower)).write.requestLoan([USDC, 30n * DAY, cap]),
            f.lending,
            'MicroLending__InvalidApr',
            [cap, 5_000n],
          );
        });
      }
    });

    it('reverts while paused', async () => {
      const f = await deployLending();
      await f.lending.write.pause();
      await f.viem.assertions.revertWithCustomError(
        (await f.as(f.borrower)).write.requestLoan([USDC, 30n * DAY]),
        f.lending,
        'MicroLending__EnforcedPause',
      );
    });
  });

  describe('fundLoan', () => {
    it('pays the borrower the principal less the fee and the fee recipient the fee', async () => {
      const f = await deployLending();
      const id = await f.request(5n * USDC, 30n * DAY);
      const hash = (await f.as(f.lender)).write.fundLoan([id, 500n]);
      await f.usdcChanged(hash, [
        { address: f.lender.account.address, amount: -5n * USDC },
        { address: f.borrower.account.address, amount: 4_950_000n },
        { address: f.feeRecipient.account.address, amount: 50_000n },
      ]);
      const startDate = await f.minedAt(await hash);
      // 5 USDC at 5 % for 30 days: 5e6 * 500 * 2592000 / (1e4 * 31536000) = 20547.9… → 20548.
      // The start date is the block's timestamp, not repeated in the event.
      await f.viem.assertions.emitWithArgs(hash, f.lending, 'LoanFunded', [
        id,
        f.borrower.account.address,
        f.lender.account.address,
        500n,
        startDate + 30n * DAY,
        5n * USDC + 20_548n,
      ]);
      await f.viem.assertions.emitWithArgs(hash, f.lending, 'FeeDeducted', [
        id,
        f.feeRecipient.account.address,
        50_000n,
      ]);
      const loan = await f.lending.read.getLoan([id]);
      assert.equal(loan.status, Status.Funded);
      assert.ok(sameAddress(loan.lender, f.lender.account.address));
      assert.equal(loan.aprBps, 500n);
      assert.equal(loan.feeBps, 100n);
      assert.equal(loan.startDate, startDate);
      assert.equal(loan.endDate, startDate + 30n * DAY);
      assert.equal(loan.interest, 20_548n);
      assert.equal(loan.gracePeriod, defaults.gracePeriod);
    });

    it('sends no fee when the fee is zero', async () => {
      const f = await deployLending();
      await f.lending.write.setFeeBps([0n]);
      const id = await f.request(2n * USDC);
      const hash = (await f.as(f.lender)).write.fundLoan([id, 100n]);
      await f.usdcChanged(hash, [
        { address: f.borrower.account.address, amount: 2n * USDC },
        { address: f.feeRecipient.account.address, amount: 0n },
      ]);
      // One USDC Transfer (to the borrower) and LoanFunded: no fee transfer, no FeeDeducted.
      assert.equal((await f.receipt(await hash)).logs.length, 2);
    });

    it('accepts the APR bounds 1 % and 20 %', async () => {
      const f = await deployLending();
      const lender = await f.as(f.lender);
      await lender.write.fundLoan([await f.request(), 100n]);
      await lender.write.fundLoan([await f.request(), 2_000n]);
    });

    for (const apr of [0n, 99n, 150n + 25n, 2_050n]) {
      it(`rejects an APR of ${apr} bps`, async () => {
        const f = await deployLending();
        const id = await f.request();
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          (await f.as(f.lender)).write.fundLoan([id, apr]),
          f.lending,
          'MicroLending__InvalidApr',
          [apr, 2_000n],
        );
      });
    }

    describe('when the borrower capped the APR', () => {
      it('allows up to the cap and no more', async () => {
        const f = await deployLending();
        await (await f.as(f.borrower)).write.requestLoan([USDC, 30n * DAY, 1_000n]);
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          (await f.as(f.lender)).write.fundLoan([1n, 1_050n]),
          f.lending,
          'MicroLending__InvalidApr',
          [1_050n, 1_000n],
        );
        await (await f.as(f.lender)).write.fundLoan([1n, 1_000n]);
      });

      it('still holds lenders to the platform maximum when the cap is higher', async () => {
        const f = await deployLending();
        await (await f.as(f.borrower)).write.requestLoan([USDC, 30n * DAY, 3_000n]);
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          (await f.as(f.lender)).write.fundLoan([1n, 2_500n]),
          f.lending,
          'MicroLending__InvalidApr',
          [2_500n, 2_000n],
        );
      });
    });

    describe('when the owner changes the maximum APR after the request', () => {
      it('holds a raise back: the borrower agreed to the maximum in force when they asked', async () => {
        const f = await deployLending();
        const id = await f.request();
        await f.lending.write.setMaxApr([5_000n]);
        for (const apr of [5_000n, 2_050n]) {
          await f.viem.assertions.revertWithCustomErrorWithArgs(
            (await f.as(f.lender)).write.fundLoan([id, apr]),
            f.lending,
            'MicroLending__InvalidApr',
            [apr, defaults.maxAprBps],
          );
        }
        await (await f.as(f.lender)).write.fundLoan([id, 2_000n]);
        assert.equal((await f.lending.read.getLoan([id])).aprBps, 2_000n);
        // A request made after the raise agrees to the new maximum.
        await (await f.as(f.lender)).write.fundLoan([await f.request(), 5_000n]);
      });

      it('applies a cut at once, though the loan keeps the ceiling it was requested with', async () => {
        const f = await deployLending();
        const id = await f.request();
        await f.lending.write.setMaxApr([1_000n]);
        assert.equal((await f.lending.read.getLoan([id])).maxAprBps, defaults.maxAprBps);
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          (await f.as(f.lender)).write.fundLoan([id, 1_500n]),
          f.lending,
          'MicroLending__InvalidApr',
          [1_500n, 1_000n],
        );
        await (await f.as(f.lender)).write.fundLoan([id, 1_000n]);
      });

      it('holds each borrower to their own cap or the maximum at the request, whichever was lower', async () => {
        const f = await deployLending();
        const borrower = await f.as(f.borrower);
        await borrower.write.requestLoan([USDC, 30n * DAY, 3_000n]);
        await borrower.write.requestLoan([USDC, 30n * DAY, 1_000n]);
        await f.lending.write.setMaxApr([5_000n]);
        for (const [id, apr, ceiling] of [
          [1n, 3_000n, 2_000n],
          [2n, 1_050n, 1_000n],
        ] as const) {
          await f.viem.assertions.revertWithCustomErrorWithArgs(
            (await f.as(f.lender)).write.fundLoan([id, apr]),
            f.lending,
            'MicroLending__InvalidApr',
            [apr, ceiling],
          );
          await (await f.as(f.lender)).write.fundLoan([id, ceiling]);
        }
        // A cut below a borrower's cap binds too.
        await borrower.write.requestLoan([USDC, 30n * DAY, 1_000n]);
        await f.lending.write.setMaxApr([500n]);
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          (await f.as(f.lender)).write.fundLoan([3n, 1_000n]),
          f.lending,
          'MicroLending__InvalidApr',
          [1_000n, 500n],
        );
      });
    });

    describe('when the deadline would no longer fit in 32 bits (the year 2106)', () => {
      it('funds up to a deadline of 2^32 - 1 and refuses one second later', async () => {
        const f = await deployLending();
        const last = 2n ** 32n - 1n;
        const [first, second] = [
          await f.request(USDC, 30n * DAY),
          await f.request(USDC, 30n * DAY),
        ];
        const latestStart = last - 30n * DAY - defaults.gracePeriod;
        await f.networkHelpers.time.setNextBlockTimestamp(latestStart);
        await (await f.as(f.lender)).write.fundLoan([first, 500n]);
        await f.networkHelpers.time.setNextBlockTimestamp(latestStart + 1n);
        await f.viem.assertions.revertWithCustomError(
          (await f.as(f.lender)).write.fundLoan([second, 500n]),
          f.lending,
          'MicroLending__DeadlineTooLate',
        );
        assert.equal((await f.lending.read.getLoan([second])).status, Status.Requested);

        // The loan funded at the limit keeps its whole deadline.
        assert.equal((await f.lending.read.getLoan([first])).endDate, last - defaults.gracePeriod);
        await f.networkHelpers.time.setNextBlockTimestamp(last);
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          (await f.as(f.stranger)).write.markDefaulted([first]),
          f.lending,
          'MicroLending__NotDefaultable',
          [first, last],
        );
        await f.networkHelpers.time.setNextBlockTimestamp(last + 1n);
        await (await f.as(f.stranger)).write.markDefaulted([first]);
        assert.equal((await f.lending.read.getLoan([first])).status, Status.Defaulted);
      });
    });

    it('refuses the borrower as lender', async () => {
      const f = await deployLending();
      const id = await f.request();
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        (await f.as(f.borrower)).write.fundLoan([id, 500n]),
        f.lending,
        'MicroLending__LenderIsBorrower',
        [id],
      );
    });

    it('reverts for a loan that does not exist', async () => {
      const f = await deployLending();
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        (await f.as(f.lender)).write.fundLoan([7n, 500n]),
        f.lending,
        'MicroLending__LoanNotFound',
        [7n],
      );
    });

    it('reverts while paused', async () => {
      const f = await deployLending();
      const id = await f.request();
      await f.lending.write.pause();
      await f.viem.assertions.revertWithCustomError(
        (await f.as(f.lender)).write.fundLoan([id, 500n]),
        f.lending,
        'MicroLending__EnforcedPause',
      );
    });
  });

  describe('repayLoan', () => {
    it('pays principal and interest from the borrower to the lender', async () => {
      const f = await deployLending();
      const { id } = await f.requestAndFund(5n * USDC, 30n * DAY, 500n);
      const hash = (await f.as(f.borrower)).write.repayLoan([id]);
      await f.usdcChanged(hash, [
        { address: f.borrower.account.address, amount: -(5n * USDC + 20_548n) },
        { address: f.lender.account.address, amount: 5n * USDC + 20_548n },
        { address: f.lending.address, amount: 0n },
      ]);
      await f.viem.assertions.emitWithArgs(hash, f.lending, 'LoanRepaid', [
        id,
        f.borrower.account.address,
        f.lender.account.address,
        5n * USDC + 20_548n,
        0n,
        false,
      ]);
      assert.equal((await f.lending.read.getLoan([id])).status, Status.Repaid);
    });

    it('settles a defaulted loan, penalty included', async () => {
      const f = await deployLending();
      const { id, deadline } = await f.requestAndFund(USDC, 30n * DAY, 1_000n);
      await f.networkHelpers.time.increaseTo(deadline + 1n);
      await (await f.as(f.stranger)).write.markDefaulted([id]);
      await f.networkHelpers.time.setNextBlockTimestamp(deadline + 2n * DAY);
      // One day late started at deadline + 1 s: two started days at deadline + 2 days.
      const interest =
        (USDC * 1_000n * 30n * DAY + 10_000n * 365n * DAY - 1n) / (10_000n * 365n * DAY);
      const penalty = (USDC * 100n * 2n) / 10_000n;
      const hash = (await f.as(f.borrower)).write.repayLoan([id]);
      await f.viem.assertions.emitWithArgs(hash, f.lending, 'LoanRepaid', [
        id,
        f.borrower.account.address,
        f.lender.account.address,
        USDC + interest + penalty,
        penalty,
        false,
      ]);
      assert.equal((await f.lending.read.getLoan([id])).status, Status.Repaid);
    });

    it('is the borrower’s alone', async () => {
      const f = await deployLending();
      const { id } = await f.requestAndFund();
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        (await f.as(f.lender)).write.repayLoan([id]),
        f.lending,
        'MicroLending__NotBorrower',
        [id, f.lender.account.address],
      );
    });

    it('reverts for a request nobody funded', async () => {
      const f = await deployLending();
      const id = await f.request();
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        (await f.as(f.borrower)).write.repayLoan([id]),
        f.lending,
        'MicroLending__InvalidStatus',
        [id, Status.Requested],
      );
    });

    it('reverts for a loan that does not exist', async () => {
      const f = await deployLending();
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        (await f.as(f.borrower)).write.repayLoan([1n]),
        f.lending,
        'MicroLending__LoanNotFound',
        [1n],
      );
    });
  });

  describe('cancelLoan', () => {
    it('cancels the borrower’s own request', async () => {
      const f = await deployLending();
      const id = await f.request();
      await f.viem.assertions.emitWithArgs(
        (await f.as(f.borrower)).write.cancelLoan([id]),
        f.lending,
        'LoanCancelled',
        [id, f.borrower.account.address],
      );
      assert.equal((await f.lending.read.getLoan([id])).status, Status.Cancelled);
    });

    it('is the borrower’s alone', async () => {
      const f = await deployLending();
      const id = await f.request();
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        (await f.as(f.stranger)).write.cancelLoan([id]),
        f.lending,
        'MicroLending__NotBorrower',
        [id, f.stranger.account.address],
      );
    });

    it('reverts once funded', async () => {
      const f = await deployLending();
      const { id } = await f.requestAndFund();
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        (await f.as(f.borrower)).write.cancelLoan([id]),
        f.lending,
        'MicroLending__InvalidStatus',
        [id, Status.Funded],
      );
    });

    it('reverts for a loan that does not exist', async () => {
      const f = await deployLending();
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        (await f.as(f.borrower)).write.cancelLoan([3n]),
        f.lending,
        'MicroLending__LoanNotFound',
        [3n],
      );
    });
  });

  describe('markDefaulted', () => {
    it('waits until strictly after the due date plus grace period', async () => {
      const f = await deployLending();
      const { id, deadline } = await f.requestAndFund();
      await f.networkHelpers.time.setNextBlockTimestamp(deadline);
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        (await f.as(f.stranger)).write.markDefaulted([id]),
        f.lending,
        'MicroLending__NotDefaultable',
        [id, deadline],
      );
      await f.networkHelpers.time.setNextBlockTimestamp(deadline + 1n);
      await f.viem.assertions.emitWithArgs(
        (await f.as(f.stranger)).write.markDefaulted([id]),
        f.lending,
        'LoanDefaulted',
        [id, f.borrower.account.address],
      );
      assert.equal((await f.lending.read.getLoan([id])).status, Status.Defaulted);
    });

    it('reverts for a request nobody funded', async () => {
      const f = await deployLending();
      const id = await f.request();
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        (await f.as(f.stranger)).write.markDefaulted([id]),
        f.lending,
        'MicroLending__InvalidStatus',
        [id, Status.Requested],
      );
    });

    it('reverts while paused', async () => {
      const f = await deployLending();
      const { id, deadline } = await f.requestAndFund();
      await f.networkHelpers.time.increaseTo(deadline + 1n);
      await f.lending.write.pause();
      await f.viem.assertions.revertWithCustomError(
        (await f.as(f.stranger)).write.markDefaulted([id]),
        f.lending,
        'MicroLending__EnforcedPause',
      );
    });
  });

  describe('terminal states', () => {
    it('a repaid loan accepts nothing more', async () => {
      const f = await deployLending();
      const { id, deadline } = await f.requestAndFund();
      await (await f.as(f.borrower)).write.repayLoan([id]);
      await f.networkHelpers.time.increaseTo(deadline + 1n);
      const invalid = [id, Status.Repaid] as const;
      for (const attempt of [
        async () => (await f.as(f.borrower)).write.repayLoan([id]),
        async () => (await f.as(f.borrower)).write.cancelLoan([id]),
        async () => (await f.as(f.other)).write.fundLoan([id, 500n]),
        async () => (await f.as(f.stranger)).write.markDefaulted([id]),
      ]) {
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          attempt(),
          f.lending,
          'MicroLending__InvalidStatus',
          [...invalid],
        );
      }
    });

    it('a cancelled loan accepts nothing more', async () => {
      const f = await deployLending();
      const id = await f.request();
      await (await f.as(f.borrower)).write.cancelLoan([id]);
      for (const attempt of [
        async () => (await f.as(f.borrower)).write.repayLoan([id]),
        async () => (await f.as(f.borrower)).write.cancelLoan([id]),
        async () => (await f.as(f.lender)).write.fundLoan([id, 500n]),
        async () => (await f.as(f.stranger)).write.markDefaulted([id]),
      ]) {
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          attempt(),
          f.lending,
          'MicroLending__InvalidStatus',
          [id, Status.Cancelled],
        );
      }
    });

    it('a defaulted loan can be repaid but not defaulted, funded or cancelled again', async () => {
      const f = await deployLending();
      const { id, deadline } = await f.requestAndFund();
      await f.networkHelpers.time.increaseTo(deadline + 1n);
      await (await f.as(f.stranger)).write.markDefaulted([id]);
      for (const attempt of [
        async () => (await f.as(f.stranger)).write.markDefaulted([id]),
        async () => (await f.as(f.other)).write.fundLoan([id, 500n]),
        async () => (await f.as(f.borrower)).write.cancelLoan([id]),
      ]) {
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          attempt(),
          f.lending,
          'MicroLending__InvalidStatus',
          [id, Status.Defaulted],
        );
      }
    });
  });

  describe('views', () => {
    it('getLoan and getRepaymentBreakdown revert for unknown ids', async () => {
      const f = await deployLending();
      await f.request();
      for (const id of [0n, 2n]) {
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          f.lending.read.getLoan([id]),
          f.lending,
          'MicroLending__LoanNotFound',
          [id],
        );
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          f.lending.read.getRepaymentBreakdown([id]),
          f.lending,
          'MicroLending__LoanNotFound',
          [id],
        );
      }
    });

    it('a request shows the penalty schedule it was requested under and the fee in force now', async () => {
      const f = await deployLending();
      const id = await f.request(4n * USDC, 30n * DAY);
      await f.lending.write.setPenaltyConfig([500n, 0n, 3_600n, 10n]);
      await f.lending.write.setFeeBps([25n]);
      const loan = await f.lending.read.getLoan([id]);
      assert.deepEqual(
        {
          maxAprBps: loan.maxAprBps,
          feeBps: loan.feeBps,
          gracePeriod: loan.gracePeriod,
          penaltyBps: loan.penaltyBps,
          penaltyInterval: loan.penaltyInterval,
          maxPenaltyIntervals: loan.maxPenaltyIntervals,
          duration: loan.duration,
          aprBps: loan.aprBps,
          interest: loan.interest,
          startDate: loan.startDate,
          endDate: loan.endDate,
          escrowed: loan.escrowed,
        },
        {
          maxAprBps: defaults.maxAprBps,
          feeBps: 25n,
          gracePeriod: defaults.gracePeriod,
          penaltyBps: defaults.penaltyBps,
          penaltyInterval: defaults.penaltyInterval,
          maxPenaltyIntervals: defaults.maxPenaltyIntervals,
          duration: 30n * DAY,
          aprBps: 0n,
          interest: 0n,
          startDate: 0n,
          endDate: 0n,
          escrowed: 0n,
        },
      );
    });

    it('before funding, the breakdown shows the current fee and no interest', async () => {
      const f = await deployLending();
      const id = await f.request(4n * USDC);
      assert.deepEqual(await f.lending.read.getRepaymentBreakdown([id]), [
        4n * USDC,
        0n,
        40_000n,
        0n,
        4n * USDC,
        3_960_000n,
      ]);
    });

    it('after funding, the breakdown shows what is owed now', async () => {
      const f = await deployLending();
      const { id } = await f.requestAndFund(5n * USDC, 30n * DAY, 500n);
      assert.deepEqual(await f.lending.read.getRepaymentBreakdown([id]), [
        5n * USDC,
        20_548n,
        50_000n,
        0n,
        5n * USDC + 20_548n,
        4_950_000n,
      ]);
    });

    it('after repayment, the breakdown no longer charges a penalty', async () => {
      const f = await deployLending();
      const { id, deadline } = await f.requestAndFund(5n * USDC, 30n * DAY, 500n);
      await f.networkHelpers.time.setNextBlockTimestamp(deadline + 5n * DAY);
      await (await f.as(f.borrower)).write.repayLoan([id]);
      const [, , , penalty] = await f.lending.read.getRepaymentBreakdown([id]);
      assert.equal(penalty, 0n);
    });

    it('usdc() names the token', async () => {
      const f = await deployLending();
      assert.equal((await f.lending.read.usdc()).toLowerCase(), f.usdc.address.toLowerCase());
    });
  });
});
