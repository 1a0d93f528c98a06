import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { encodeFunctionData } from 'viem';

import { DAY, deployLending, USDC } from './helpers/fixture.ts';

describe('MicroLending liveness', () => {
  describe('when the lender cannot receive USDC (blacklisted)', () => {
    async function blacklistedLender() {
      const f = await deployLending('BlacklistableUSDC');
      const token = await f.viem.getContractAt('BlacklistableUSDC', f.usdc.address);
      const { id } = await f.requestAndFund(5n * USDC, 30n * DAY, 500n);
      await token.write.setBlacklisted([f.lender.account.address, true]);
      return { ...f, token, id, owed: 5n * USDC + 20_548n };
    }

    it('still settles the loan, holding the repayment in escrow', async () => {
      const f = await blacklistedLender();
      const hash = (await f.as(f.borrower)).write.repayLoan([f.id]);
      await f.usdcChanged(hash, [
        { address: f.borrower.account.address, amount: -f.owed },
        { address: f.lending.address, amount: f.owed },
        { address: f.lender.account.address, amount: 0n },
      ]);
      await f.viem.assertions.emitWithArgs(hash, f.lending, 'FundsEscrowed', [
        f.id,
        f.lender.account.address,
        f.owed,
      ]);
      await f.viem.assertions.emitWithArgs(hash, f.lending, 'LoanRepaid', [
        f.id,
        f.borrower.account.address,
        f.lender.account.address,
        f.owed,
        0n,
        true,
      ]);
      const loan = await f.lending.read.getLoan([f.id]);
      assert.equal(loan.escrowed, f.owed);
    });

    it('releases the escrow to the lender exactly once', async () => {
      const f = await blacklistedLender();
      await (await f.as(f.borrower)).write.repayLoan([f.id]);
      await f.token.write.setBlacklisted([f.lender.account.address, false]);
      const claim = (await f.as(f.lender)).write.claimEscrow([f.id]);
      await f.usdcChanged(claim, [
        { address: f.lending.address, amount: -f.owed },
        { address: f.lender.account.address, amount: f.owed },
      ]);
      await f.viem.assertions.emitWithArgs(claim, f.lending, 'FundsReleased', [
        f.id,
        f.lender.account.address,
        f.owed,
      ]);
      assert.equal((await f.lending.read.getLoan([f.id])).escrowed, 0n);
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        (await f.as(f.lender)).write.claimEscrow([f.id]),
        f.lending,
        'MicroLending__NothingToClaim',
        [f.id],
      );
    });

    it('keeps the escrow while the lender still cannot receive', async () => {
      const f = await blacklistedLender();
      await (await f.as(f.borrower)).write.repayLoan([f.id]);
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        (await f.as(f.lender)).write.claimEscrow([f.id]),
        f.token,
        'Blacklisted',
        [f.lender.account.address],
      );
      assert.equal(await f.balanceOf(f.lending.address), f.owed);
    });

    it('lets nobody but the lender claim', async () => {
      const f = await blacklistedLender();
      await (await f.as(f.borrower)).write.repayLoan([f.id]);
      for (const who of [f.borrower, f.stranger]) {
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          (await f.as(who)).write.claimEscrow([f.id]),
          f.lending,
          'MicroLending__NotLender',
          [f.id, who.account.address],
        );
      }
    });

    it('reverts when the borrower cannot pay either way', async () => {
      const f = await blacklistedLender();
      await f.token.write.setBlacklisted([f.borrower.account.address, true]);
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        (await f.as(f.borrower)).write.repayLoan([f.id]),
        f.token,
        'Blacklisted',
        [f.borrower.account.address],
      );
    });
  });

  describe('while paused', () => {
    it('repayment, cancellation and escrow claims go on', async () => {
      const f = await deployLending('BlacklistableUSDC');
      const token = await f.viem.getContractAt('BlacklistableUSDC', f.usdc.address);
      const funded = await f.requestAndFund();
      const requested = await f.request();
      const escrowedLoan = await f.requestAndFund();
      await token.write.setBlacklisted([f.lender.account.address, true]);
      await (await f.as(f.borrower)).write.repayLoan([escrowedLoan.id]);
      await token.write.setBlacklisted([f.lender.account.address, false]);

      await f.lending.write.pause();
      assert.equal(await f.lending.read.paused(), true);
      await (await f.as(f.borrower)).write.repayLoan([funded.id]);
      await (await f.as(f.borrower)).write.cancelLoan([requested]);
      await (await f.as(f.lender)).write.claimEscrow([escrowedLoan.id]);
      assert.equal(await f.balanceOf(f.lending.address), 0n);
    });
  });

  describe('against a token that re-enters', () => {
    it('refuses re-entry during funding', async () => {
      const f = await deployLending('ReentrantToken');
      const token = await f.viem.getContractAt('ReentrantToken', f.usdc.address);
      const first = await f.request();
      const second = await f.request();
      await token.write.arm([
        f.lending.address,
        encodeFunctionData({ abi: f.lending.abi, functionName: 'fundLoan', args: [second, 500n] }),
      ]);
      await f.viem.assertions.revertWithCustomError(
        (await f.as(f.lender)).write.fundLoan([first, 500n]),
        f.lending,
        'ReentrancyGuardReentrantCall',
      );
    });

    it('refuses re-entry during repayment, on the direct and the escrow path', async () => {
      const f = await deployLending('ReentrantToken');
      const token = await f.viem.getContractAt('ReentrantToken', f.usdc.address);
      const { id } = await f.requestAndFund();
      await token.write.arm([
        f.lending.address,
        encodeFunctionData({ abi: f.lending.abi, functionName: 'claimEscrow', args: [id] }),
      ]);
      await f.viem.assertions.revertWithCustomError(
        (await f.as(f.borrower)).write.repayLoan([id]),
        f.lending,
        'ReentrancyGuardReentrantCall',
      );
    });

    it('refuses re-entry during an escrow claim', async () => {
      const f = await deployLending('ReentrantToken');
      const token = await f.viem.getContractAt('ReentrantToken', f.usdc.address);
      const { id } = await f.requestAndFund();
      await token.write.setBlacklisted([f.lender.account.address, true]);
      await f.usdcChanged((await f.as(f.borrower)).write.repayLoan([id]), [
        { address: f.lending.address, amount: 5n * USDC + 20_548n },
      ]);
      await token.write.setBlacklisted([f.lender.account.address, false]);
      await token.write.arm([
        f.lending.address,
        encodeFunctionData({ abi: f.lending.abi, functionName: 'claimEscrow', args: [id] }),
      ]);
      await f.viem.assertions.revertWithCustomError(
        (await f.as(f.lender)).write.claimEscrow([id]),
        f.lending,
        'ReentrancyGuardReentrantCall',
      );
    });
  });
});
