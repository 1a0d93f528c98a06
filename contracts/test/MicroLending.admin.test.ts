import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { type Address, getAddress, zeroAddress } from 'viem';

import { DAY, defaults, deployLending, sameAddress, USDC } from './helpers/fixture.ts';
import { random } from './helpers/model.ts';

describe('MicroLending owner and access control', () => {
  describe('deployment', () => {
    it('starts with the documented defaults', async () => {
      const f = await deployLending();
      const p = await f.lending.read.parameters();
      assert.deepEqual(
        { ...p, feeRecipient: p.feeRecipient.toLowerCase() },
        {
          feeBps: defaults.feeBps,
          feeRecipient: f.feeRecipient.account.address.toLowerCase(),
          penaltyBps: defaults.penaltyBps,
          gracePeriod: defaults.gracePeriod,
          penaltyInterval: defaults.penaltyInterval,
          maxPenaltyIntervals: defaults.maxPenaltyIntervals,
          minLoanAmount: defaults.minLoanAmount,
          maxLoanAmount: defaults.maxLoanAmount,
          minDuration: defaults.minDuration,
          maxDuration: defaults.maxDuration,
          maxAprBps: defaults.maxAprBps,
        },
      );
      assert.equal(await f.lending.read.paused(), false);
      assert.equal(await f.lending.read.loanCounter(), 0n);
    });

    it('refuses a zero token, fee recipient or owner', async () => {
      const f = await deployLending();
      const deploy = (args: [Address, Address, Address]) =>
        f.viem.deployContract('MicroLending', args);
      const [usdc, owner, recipient] = [
        f.usdc.address,
        f.owner.account.address,
        f.feeRecipient.account.address,
      ];
      await f.viem.assertions.revertWithCustomError(
        deploy([zeroAddress, owner, recipient]),
        f.lending,
        'MicroLending__ZeroAddress',
      );
      await f.viem.assertions.revertWithCustomError(
        deploy([usdc, owner, zeroAddress]),
        f.lending,
        'MicroLending__ZeroAddress',
      );
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        deploy([usdc, zeroAddress, recipient]),
        f.lending,
        'OwnableInvalidOwner',
        [zeroAddress],
      );
    });
  });

  describe('setFeeBps', () => {
    it('lowers the fee and emits FeeUpdated', async () => {
      const f = await deployLending();
      await f.viem.assertions.emitWithArgs(
        f.lending.write.setFeeBps([40n]),
        f.lending,
        'FeeUpdated',
        [100n, 40n],
      );
      assert.equal((await f.lending.read.parameters()).feeBps, 40n);
      await f.lending.write.setFeeBps([40n]);
      await f.lending.write.setFeeBps([0n]);
      assert.equal((await f.lending.read.parameters()).feeBps, 0n);
    });

    it('never raises it: the fee pledge, enforced by the contract', async () => {
      const f = await deployLending();
      await f.lending.write.setFeeBps([50n]);
      for (const fee of [51n, 100n, 10_000n]) {
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          f.lending.write.setFeeBps([fee]),
          f.lending,
          'MicroLending__FeeIncrease',
          [50n, fee],
        );
      }
    });
  });

  describe('setFeeRecipient', () => {
    it('changes the recipient and emits FeeRecipientUpdated', async () => {
      const f = await deployLending();
      await f.viem.assertions.emitWithArgs(
        f.lending.write.setFeeRecipient([f.other.account.address]),
        f.lending,
        'FeeRecipientUpdated',
        [f.feeRecipient.account.address, f.other.account.address],
      );
      assert.ok(
        sameAddress((await f.lending.read.parameters()).feeRecipient, f.other.account.address),
      );
    });

    it('refuses the zero address', async () => {
      const f = await deployLending();
      await f.viem.assertions.revertWithCustomError(
        f.lending.write.setFeeRecipient([zeroAddress]),
        f.lending,
        'MicroLending__ZeroAddress',
      );
    });
  });

  describe('setLoanLimits', () => {
    it('changes the limits for new requests', async () => {
      const f = await deployLending();
      await f.viem.assertions.emitWithArgs(
        f.lending.write.setLoanLimits([USDC, 50n * USDC, DAY, 180n * DAY]),
        f.lending,
        'LoanLimitsUpdated',
        [USDC, 50n * USDC, DAY, 180n * DAY],
      );
      await f.request(50n * USDC, 180n * DAY);
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        (await f.as(f.borrower)).write.requestLoan([USDC - 1n, DAY]),
        f.lending,
        'MicroLending__AmountOutOfRange',
        [USDC - 1n, USDC, 50n * USDC],
      );
    });

    const invalid: [bigint, bigint, bigint, bigint][] = [
      [0n, USDC, 7n * DAY, 90n * DAY],
      [2n * USDC, USDC, 7n * DAY, 90n * DAY],
      [USDC, 1_000_000n * USDC + 1n, 7n * DAY, 90n * DAY],
      [USDC, 2n * USDC, DAY - 1n, 90n * DAY],
      [USDC, 2n * USDC, 30n * DAY, 29n * DAY],
      [USDC, 2n * USDC, 7n * DAY, 365n * DAY + 1n],
    ];
    for (const limits of invalid) {
      it(`refuses ${limits.join(', ')}`, async () => {
        const f = await deployLending();
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          f.lending.write.setLoanLimits(limits),
          f.lending,
          'MicroLending__InvalidLoanLimits',
          limits,
        );
      });
    }

    it('accepts the outer bounds', async () => {
      const f = await deployLending();
      await f.lending.write.setLoanLimits([1n, 1_000_000n * USDC, DAY, 365n * DAY]);
      await f.request(1_000_000n * USDC, 365n * DAY);
      await f.lending.write.setFeeBps([0n]);
      await f.usdc.write.mint([f.lender.account.address, 1_000_000n * USDC]);
      await (await f.as(f.lender)).write.fundLoan([1n, 2_000n]);
      assert.equal((await f.lending.read.getLoan([1n])).principal, 1_000_000n * USDC);
    });
  });

  describe('setMaxApr', () => {
    it('changes the APR ceiling for fundings', async () => {
      const f = await deployLending();
      await f.viem.assertions.emitWithArgs(
        f.lending.write.setMaxApr([5_000n]),
        f.lending,
        'MaxAprUpdated',
        [2_000n, 5_000n],
      );
      await (await f.as(f.lender)).write.fundLoan([await f.request(), 5_000n]);
    });

    for (const apr of [0n, 50n, 125n, 5_050n]) {
      it(`refuses ${apr} bps`, async () => {
        const f = await deployLending();
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          f.lending.write.setMaxApr([apr]),
          f.lending,
          'MicroLending__InvalidApr',
          [apr, 5_000n],
        );
      });
    }
  });

  describe('setPenaltyConfig', () => {
    it('changes the penalty and emits PenaltyConfigUpdated', async () => {
      const f = await deployLending();
      await f.viem.assertions.emitWithArgs(
        f.lending.write.setPenaltyConfig([50n, DAY, 3_600n, 100n]),
        f.lending,
        'PenaltyConfigUpdated',
        // The constructor's schedule is version 1.
        [2n, 50n, DAY, 3_600n, 100n],
      );
      const p = await f.lending.read.parameters();
      assert.deepEqual(
        [p.penaltyBps, p.gracePeriod, p.penaltyInterval, p.maxPenaltyIntervals],
        [50n, DAY, 3_600n, 100n],
      );
    });

    const invalid: [bigint, bigint, bigint, bigint][] = [
      [501n, DAY, DAY, 1n],
      [100n, 30n * DAY + 1n, DAY, 30n],
      [100n, DAY, 3_599n, 30n],
      [100n, DAY, 30n * DAY + 1n, 30n],
      [10n, DAY, DAY, 0n],
      [10n, DAY, DAY, 256n],
      [100n, DAY, DAY, 51n],
    ];
    for (const config of invalid) {
      it(`refuses ${config.join(', ')}`, async () => {
        const f = await deployLending();
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          f.lending.write.setPenaltyConfig(config),
          f.lending,
          'MicroLending__InvalidPenaltyConfig',
          config,
        );
      });
    }

    it('accepts the outer bounds', async () => {
      const f = await deployLending();
      await f.lending.write.setPenaltyConfig([500n, 30n * DAY, 30n * DAY, 10n]);
      await f.lending.write.setPenaltyConfig([0n, 0n, 3_600n, 255n]);
    });

    it('can change 254 times after deployment, and not once more', async () => {
      const f = await deployLending();
      for (let version = 2n; version <= 255n; version++) {
        await f.lending.write.setPenaltyConfig([version % 2n === 0n ? 50n : 100n, DAY, DAY, 30n]);
      }
      await f.viem.assertions.revertWithCustomError(
        f.lending.write.setPenaltyConfig([100n, DAY, DAY, 30n]),
        f.lending,
        'MicroLending__PenaltyScheduleExhausted',
      );
      assert.equal((await f.lending.read.parameters()).penaltyBps, 100n);
    });
  });

  describe('pause and unpause', () => {
    it('toggle, emit, and refuse repeating themselves', async () => {
      const f = await deployLending();
      await f.viem.assertions.emitWithArgs(f.lending.write.pause(), f.lending, 'Paused', [
        getAddress(f.owner.account.address),
      ]);
      await f.viem.assertions.revertWithCustomError(
        f.lending.write.pause(),
        f.lending,
        'MicroLending__EnforcedPause',
      );
      await f.viem.assertions.emitWithArgs(f.lending.write.unpause(), f.lending, 'Unpaused', [
        getAddress(f.owner.account.address),
      ]);
      await f.viem.assertions.revertWithCustomError(
        f.lending.write.unpause(),
        f.lending,
        'MicroLending__ExpectedPause',
      );
      await f.request();
    });
  });

  describe('rescueTokens', () => {
    /**
     * A contract holding a repayment escrowed for a blacklisted lender, a fee held for a
     * blacklisted fee recipient, and 7 USDC a stranger sent it by mistake.
     */
    async function withReserves() {
      const f = await deployLending('BlacklistableUSDC');
      const token = await f.viem.getContractAt('BlacklistableUSDC', f.usdc.address);
      const repaid = await f.requestAndFund(5n * USDC, 30n * DAY, 500n);
      await token.write.setBlacklisted([f.feeRecipient.account.address, true]);
      await f.requestAndFund(2n * USDC, 30n * DAY, 500n);
      await token.write.setBlacklisted([f.lender.account.address, true]);
      await (await f.as(f.borrower)).write.repayLoan([repaid.id]);
      await f.usdc.write.transfer([f.lending.address, 7n * USDC], { account: f.stranger.account });
      const [escrowed, heldFee] = [5n * USDC + 20_548n, 20_000n];
      return { ...f, token, escrowId: repaid.id, escrowed, heldFee, mistake: 7n * USDC };
    }

    it('counts escrow and held fees as reserved', async () => {
      const f = await withReserves();
      assert.equal(await f.lending.read.reservedUsdc(), f.escrowed + f.heldFee);
      assert.equal(await f.balanceOf(f.lending.address), f.escrowed + f.heldFee + f.mistake);
    });

    it('sends back USDC sent by mistake, and not a unit of the reserve', async () => {
      const f = await withReserves();
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        f.lending.write.rescueTokens([f.usdc.address, f.stranger.account.address, f.mistake + 1n]),
        f.lending,
        'MicroLending__ExceedsSurplus',
        [f.mistake + 1n, f.mistake],
      );
      const hash = f.lending.write.rescueTokens([
        f.usdc.address,
        f.stranger.account.address,
        f.mistake,
      ]);
      await f.usdcChanged(hash, [
        { address: f.lending.address, amount: -f.mistake },
        { address: f.stranger.account.address, amount: f.mistake },
      ]);
      await f.viem.assertions.emitWithArgs(hash, f.lending, 'TokensRescued', [
        getAddress(f.usdc.address),
        getAddress(f.stranger.account.address),
        f.mistake,
      ]);
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        f.lending.write.rescueTokens([f.usdc.address, f.owner.account.address, 1n]),
        f.lending,
        'MicroLending__ExceedsSurplus',
        [1n, 0n],
      );

      // The reserve is all there for those it is held for.
      await (await f.as(f.lender)).write.claimEscrowTo([f.escrowId, f.other.account.address]);
      await (await f.as(f.feeRecipient)).write.claimFees([f.other.account.address]);
      assert.equal(await f.lending.read.reservedUsdc(), 0n);
      assert.equal(await f.balanceOf(f.lending.address), 0n);
    });

    it('sends back any other token in full', async () => {
      const f = await withReserves();
      const other = await f.viem.deployContract('MockUSDC');
      await other.write.mint([f.lending.address, 3n * USDC]);
      const hash = f.lending.write.rescueTokens([
        other.address,
        f.stranger.account.address,
        3n * USDC,
      ]);
      await f.viem.assertions.emitWithArgs(hash, f.lending, 'TokensRescued', [
        getAddress(other.address),
        getAddress(f.stranger.account.address),
        3n * USDC,
      ]);
      assert.equal(await other.read.balanceOf([f.stranger.account.address]), 3n * USDC);
      assert.equal(await other.read.balanceOf([f.lending.address]), 0n);
      assert.equal(
        await f.balanceOf(f.lending.address),
        f.escrowed + f.heldFee + f.mistake,
        'USDC untouched',
      );
    });

    it('works while paused', async () => {
      const f = await withReserves();
      await f.lending.write.pause();
      await f.usdcChanged(
        f.lending.write.rescueTokens([f.usdc.address, f.stranger.account.address, f.mistake]),
        [{ address: f.stranger.account.address, amount: f.mistake }],
      );
    });

    it('is the owner’s alone', async () => {
      const f = await withReserves();
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        (await f.as(f.stranger)).write.rescueTokens([
          f.usdc.address,
          f.stranger.account.address,
          f.mistake,
        ]),
        f.lending,
        'OwnableUnauthorizedAccount',
        [getAddress(f.stranger.account.address)],
      );
    });

    it('refuses the zero address', async () => {
      const f = await withReserves();
      await f.viem.assertions.revertWithCustomError(
        f.lending.write.rescueTokens([f.usdc.address, zeroAddress, f.mistake]),
        f.lending,
        'MicroLending__ZeroAddress',
      );
    });
  });

  describe('ownership', () => {
    it('moves in two steps: the new owner must accept', async () => {
      const f = await deployLending();
      await f.lending.write.transferOwnership([f.other.account.address]);
      assert.ok(sameAddress(await f.lending.read.owner(), f.owner.account.address));
      assert.ok(sameAddress(await f.lending.read.pendingOwner(), f.other.account.address));
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        (await f.as(f.stranger)).write.acceptOwnership(),
        f.lending,
        'OwnableUnauthorizedAccount',
        [getAddress(f.stranger.account.address)],
      );
      await (await f.as(f.other)).write.acceptOwnership();
      assert.ok(sameAddress(await f.lending.read.owner(), f.other.account.address));
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        f.lending.write.setFeeBps([0n]),
        f.lending,
        'OwnableUnauthorizedAccount',
        [getAddress(f.owner.account.address)],
      );
      await (await f.as(f.other)).write.setFeeBps([0n]);
    });

    it('cannot be renounced', async () => {
      const f = await deployLending();
      await f.viem.assertions.revertWithCustomError(
        f.lending.read.renounceOwnership({ account: f.owner.account.address }),
        f.lending,
        'MicroLending__RenounceDisabled',
      );
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        f.lending.read.renounceOwnership({ account: f.stranger.account.address }),
        f.lending,
        'OwnableUnauthorizedAccount',
        [getAddress(f.stranger.account.address)],
      );
    });
  });

  describe('access control over random callers', () => {
    it('refuses every owner function, and others’ loans, to 12 random addresses', async () => {
      const f = await deployLending('BlacklistableUSDC');
      const token = await f.viem.getContractAt('BlacklistableUSDC', f.usdc.address);
      const requested = await f.request();
      const funded = await f.requestAndFund();
      const escrowed = await f.requestAndFund();
      await token.write.setBlacklisted([f.lender.account.address, true]);
      await (await f.as(f.borrower)).write.repayLoan([escrowed.id]);

      const rng = random(7);
      for (let i = 0; i < 12; i++) {
        const address = getAddress(
          `0x${rng
            .between(1n, 2n ** 160n - 1n)
            .toString(16)
            .padStart(40, '0')}`,
        );
        await f.networkHelpers.impersonateAccount(address);
        await f.networkHelpers.setBalance(address, 10n ** 18n);
        const caller = await f.viem.getContractAt('MicroLending', f.lending.address, {
          client: { wallet: await f.viem.getWalletClient(address) },
        });
        const unauthorized = [address] as const;
        for (const call of [
          () => caller.write.setFeeBps([0n]),
          () => caller.write.setFeeRecipient([address]),
          () => caller.write.setLoanLimits([1n, USDC, DAY, 10n * DAY]),
          () => caller.write.setMaxApr([1_000n]),
          () => caller.write.setPenaltyConfig([0n, 0n, DAY, 1n]),
          () => caller.write.pause(),
          () => caller.write.unpause(),
          () => caller.write.rescueTokens([f.usdc.address, address, 0n]),
          () => caller.write.transferOwnership([address]),
        ]) {
          await f.viem.assertions.revertWithCustomErrorWithArgs(
            call(),
            f.lending,
            'OwnableUnauthorizedAccount',
            [...unauthorized],
          );
        }
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          caller.write.cancelLoan([requested]),
          f.lending,
          'MicroLending__NotBorrower',
          [requested, address],
        );
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          caller.write.repayLoan([funded.id]),
          f.lending,
          'MicroLending__NotBorrower',
          [funded.id, address],
        );
        for (const claim of [
          () => caller.write.claimEscrow([escrowed.id]),
          () => caller.write.claimEscrowTo([escrowed.id, address]),
        ]) {
          await f.viem.assertions.revertWithCustomErrorWithArgs(
            claim(),
            f.lending,
            'MicroLending__NotLender',
            [escrowed.id, address],
          );
        }
      }
    });
  });
});
