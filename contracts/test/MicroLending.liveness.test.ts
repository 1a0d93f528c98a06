import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import {
  type Address,
  encodeFunctionData,
  getAddress,
  maxUint256,
  parseAbi,
  parseEventLogs,
  zeroAddress,
} from 'viem';

import { DAY, deployLending, sameAddress, Status, USDC } from './helpers/fixture.ts';

type Fixture = Awaited<ReturnType<typeof deployLending>>;

/** A funded 5 USDC loan whose lender has since been blacklisted. */
async function blacklistedLender() {
  const f = await deployLending('BlacklistableUSDC');
  const token = await f.viem.getContractAt('BlacklistableUSDC', f.usdc.address);
  const { id } = await f.requestAndFund(5n * USDC, 30n * DAY, 500n);
  await token.write.setBlacklisted([f.lender.account.address, true]);
  return { ...f, token, id, owed: 5n * USDC + 20_548n };
}

/** The same loan, repaid: its repayment is in escrow. */
async function escrowedRepayment() {
  const f = await blacklistedLender();
  await (await f.as(f.borrower)).write.repayLoan([f.id]);
  return f;
}

/** The lender's EIP-712 word that loan `id`'s escrow may be sent to `to` until `deadline`. */
async function signClaim(
  f: Fixture,
  signer: Fixture['lender'],
  message: { id: bigint; to: Address; deadline: bigint },
) {
  return signer.signTypedData({
    domain: {
      name: 'MicroLending',
      version: '1',
      chainId: await f.publicClient.getChainId(),
      verifyingContract: f.lending.address,
    },
    types: {
      ClaimEscrow: [
        { name: 'id', type: 'uint256' },
        { name: 'to', type: 'address' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'ClaimEscrow',
    message,
  });
}

/** A deadline an hour from the latest block. */
async function inAnHour(f: Fixture) {
  return (await f.networkHelpers.time.latest()) + 3_600;
}

describe('MicroLending liveness', () => {
  describe('when the lender cannot receive USDC (blacklisted)', () => {
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

    it('lets the lender, still blacklisted, have the escrow sent to another address once', async () => {
      const f = await escrowedRepayment();
      assert.equal(await f.lending.read.reservedUsdc(), f.owed);
      const claim = (await f.as(f.lender)).write.claimEscrowTo([f.id, f.other.account.address]);
      await f.usdcChanged(claim, [
        { address: f.lending.address, amount: -f.owed },
        { address: f.other.account.address, amount: f.owed },
      ]);
      await f.viem.assertions.emitWithArgs(claim, f.lending, 'FundsReleased', [
        f.id,
        f.lender.account.address,
        f.other.account.address,
        f.owed,
      ]);
      assert.equal(await f.lending.read.reservedUsdc(), 0n);
      for (const again of [
        async () => (await f.as(f.lender)).write.claimEscrowTo([f.id, f.other.account.address]),
        async () => (await f.as(f.lender)).write.claimEscrow([f.id]),
      ]) {
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          again(),
          f.lending,
          'MicroLending__NothingToClaim',
          [f.id],
        );
      }
    });

    it('refuses to send the escrow to the zero address or to the contract itself', async () => {
      const f = await escrowedRepayment();
      await f.viem.assertions.revertWithCustomError(
        (await f.as(f.lender)).write.claimEscrowTo([f.id, zeroAddress]),
        f.lending,
        'MicroLending__ZeroAddress',
      );
      // Sent to itself it would be nobody's: surplus the owner could rescue.
      await f.viem.assertions.revertWithCustomError(
        (await f.as(f.lender)).write.claimEscrowTo([f.id, f.lending.address]),
        f.lending,
        'MicroLending__ContractAsRecipient',
      );
      assert.equal((await f.lending.read.getLoan([f.id])).escrowed, f.owed);
    });
  });

  describe('when the lender signs a claim to their escrow (EIP-712)', () => {
    it('publishes the domain a wallet signs in (ERC-5267)', async () => {
      const f = await deployLending();
      const [, name, version, chainId, verifyingContract] = await f.lending.read.eip712Domain();
      assert.deepEqual(
        [name, version, chainId, getAddress(verifyingContract)],
        [
          'MicroLending',
          '1',
          BigInt(await f.publicClient.getChainId()),
          getAddress(f.lending.address),
        ],
      );
    });

    it('pays where the lender said, whoever submits it', async () => {
      const f = await escrowedRepayment();
      const deadline = BigInt(await inAnHour(f));
      const to = f.other.account.address;
      const signature = await signClaim(f, f.lender, { id: f.id, to, deadline });
      const claim = (await f.as(f.stranger)).write.claimEscrowWithSignature([
        f.id,
        to,
        deadline,
        signature,
      ]);
      await f.usdcChanged(claim, [
        { address: f.lending.address, amount: -f.owed },
        { address: to, amount: f.owed },
        { address: f.stranger.account.address, amount: 0n },
      ]);
      await f.viem.assertions.emitWithArgs(claim, f.lending, 'FundsReleased', [
        f.id,
        f.lender.account.address,
        to,
        f.owed,
      ]);
      assert.equal(await f.lending.read.reservedUsdc(), 0n);
    });

    it('is good up to its deadline', async () => {
      const f = await escrowedRepayment();
      const deadline = await inAnHour(f);
      const to = f.other.account.address;
      const signature = await signClaim(f, f.lender, { id: f.id, to, deadline: BigInt(deadline) });
      await f.networkHelpers.time.setNextBlockTimestamp(deadline);
      await f.usdcChanged(
        (await f.as(f.stranger)).write.claimEscrowWithSignature([
          f.id,
          to,
          BigInt(deadline),
          signature,
        ]),
        [{ address: to, amount: f.owed }],
      );
    });

    it('is refused a second after its deadline', async () => {
      const f = await escrowedRepayment();
      const deadline = BigInt(await inAnHour(f));
      const to = f.other.account.address;
      const signature = await signClaim(f, f.lender, { id: f.id, to, deadline });
      await f.networkHelpers.time.setNextBlockTimestamp(deadline + 1n);
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        (await f.as(f.stranger)).write.claimEscrowWithSignature([f.id, to, deadline, signature]),
        f.lending,
        'MicroLending__ClaimExpired',
        [deadline],
      );
    });

    it('is refused when signed by anyone but the lender', async () => {
      const f = await escrowedRepayment();
      const deadline = BigInt(await inAnHour(f));
      const to = f.stranger.account.address;
      for (const signer of [f.stranger, f.borrower, f.owner]) {
        const signature = await signClaim(f, signer, { id: f.id, to, deadline });
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          (await f.as(f.stranger)).write.claimEscrowWithSignature([f.id, to, deadline, signature]),
          f.lending,
          'MicroLending__InvalidClaimSignature',
          [f.id],
        );
      }
      assert.equal((await f.lending.read.getLoan([f.id])).escrowed, f.owed);
    });

    it('is refused for another address, deadline or loan than signed', async () => {
      const f = await escrowedRepayment();
      // A second loan of the same lender, repaid into escrow as well.
      const { id: second } = await (async () => {
        await f.token.write.setBlacklisted([f.lender.account.address, false]);
        const funded = await f.requestAndFund(USDC, 30n * DAY, 500n);
        await f.token.write.setBlacklisted([f.lender.account.address, true]);
        await (await f.as(f.borrower)).write.repayLoan([funded.id]);
        return funded;
      })();
      const deadline = BigInt(await inAnHour(f));
      const to = f.other.account.address;
      const signature = await signClaim(f, f.lender, { id: f.id, to, deadline });
      for (const [id, claimTo, claimDeadline] of [
        [f.id, f.stranger.account.address, deadline],
        [f.id, to, deadline + 1n],
        [second, to, deadline],
      ] as const) {
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          (await f.as(f.stranger)).write.claimEscrowWithSignature([
            id,
            claimTo,
            claimDeadline,
            signature,
          ]),
          f.lending,
          'MicroLending__InvalidClaimSignature',
          [id],
        );
      }
      assert.equal(await f.lending.read.reservedUsdc(), f.owed + USDC + 4_110n);
    });

    it('is refused for a loan nobody funded, or none at all', async () => {
      const f = await deployLending();
      const id = await f.request();
      const deadline = BigInt(await inAnHour(f));
      for (const loan of [id, id + 1n]) {
        // There is no lender to have signed: no one's word, the borrower's included, pays.
        for (const signer of [f.lender, f.borrower]) {
          const signature = await signClaim(f, signer, {
            id: loan,
            to: f.other.account.address,
            deadline,
          });
          await f.viem.assertions.revertWithCustomErrorWithArgs(
            (await f.as(f.stranger)).write.claimEscrowWithSignature([
              loan,
              f.other.account.address,
              deadline,
              signature,
            ]),
            f.lending,
            'MicroLending__InvalidClaimSignature',
            [loan],
          );
        }
      }
    });

    it('pays nothing when replayed, after it or the lender has claimed', async () => {
      const f = await escrowedRepayment();
      const deadline = BigInt(await inAnHour(f));
      const to = f.other.account.address;
      const signature = await signClaim(f, f.lender, { id: f.id, to, deadline });
      const submit = async () =>
        (await f.as(f.stranger)).write.claimEscrowWithSignature([f.id, to, deadline, signature]);
      await submit();
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        submit(),
        f.lending,
        'MicroLending__NothingToClaim',
        [f.id],
      );

      const g = await escrowedRepayment();
      const early = await signClaim(g, g.lender, { id: g.id, to, deadline });
      await (await g.as(g.lender)).write.claimEscrowTo([g.id, g.stranger.account.address]);
      await g.viem.assertions.revertWithCustomErrorWithArgs(
        (await g.as(g.stranger)).write.claimEscrowWithSignature([g.id, to, deadline, early]),
        g.lending,
        'MicroLending__NothingToClaim',
        [g.id],
      );
    });

    it('accepts the word of a lender that is a contract wallet (ERC-1271)', async () => {
      const f = await deployLending('BlacklistableUSDC');
      const token = await f.viem.getContractAt('BlacklistableUSDC', f.usdc.address);
      // The wallet lends; `other` holds its key.
      const wallet = await f.viem.deployContract('ERC1271Wallet', [f.other.account.address], {
        client: { wallet: f.other },
      });
      const viaWallet = async (target: Address, data: `0x${string}`) =>
        f.receipt(await wallet.write.execute([target, data], { account: f.other.account }));
      await f.usdc.write.mint([wallet.address, 5n * USDC]);
      await viaWallet(
        f.usdc.address,
        encodeFunctionData({
          abi: f.usdc.abi,
          functionName: 'approve',
          args: [f.lending.address, maxUint256],
        }),
      );
      const id = await f.request(5n * USDC, 30n * DAY);
      await viaWallet(
        f.lending.address,
        encodeFunctionData({ abi: f.lending.abi, functionName: 'fundLoan', args: [id, 500n] }),
      );
      assert.ok(sameAddress((await f.lending.read.getLoan([id])).lender, wallet.address));
      await token.write.setBlacklisted([wallet.address, true]);
      await (await f.as(f.borrower)).write.repayLoan([id]);

      const deadline = BigInt(await inAnHour(f));
      const to = f.other.account.address;
      const forged = await signClaim(f, f.stranger, { id, to, deadline });
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        (await f.as(f.stranger)).write.claimEscrowWithSignature([id, to, deadline, forged]),
        f.lending,
        'MicroLending__InvalidClaimSignature',
        [id],
      );
      const signature = await signClaim(f, f.other, { id, to, deadline });
      const claim = (await f.as(f.stranger)).write.claimEscrowWithSignature([
        id,
        to,
        deadline,
        signature,
      ]);
      await f.usdcChanged(claim, [{ address: to, amount: 5n * USDC + 20_548n }]);
      await f.viem.assertions.emitWithArgs(claim, f.lending, 'FundsReleased', [
        id,
        wallet.address,
        to,
        5n * USDC + 20_548n,
      ]);
    });
  });

  for (const tokenName of ['BlacklistableUSDC', 'FiatToken'] as const) {
    describe(`when the fee recipient cannot receive USDC (blacklisted, ${tokenName})`, () => {
      /** A chain whose fee recipient the token refuses: Circle's own blacklist on FiatToken. */
      async function blacklistedFeeRecipient() {
        const f = await deployLending(tokenName);
        const blacklist = async (account: Address) =>
          f.receipt(
            tokenName === 'FiatToken'
              ? await f.owner.writeContract({
                  address: f.usdc.address,
                  abi: parseAbi(['function blacklist(address account)']),
                  functionName: 'blacklist',
                  args: [account],
                })
              : await (
                  await f.viem.getContractAt('BlacklistableUSDC', f.usdc.address)
                ).write.setBlacklisted([account, true]),
          );
        await blacklist(f.feeRecipient.account.address);
        return { ...f, blacklist };
      }

      it('still funds the loan, holding the fee for the recipient', async () => {
        const f = await blacklistedFeeRecipient();
        const id = await f.request(5n * USDC);
        const hash = (await f.as(f.lender)).write.fundLoan([id, 500n]);
        await f.usdcChanged(hash, [
          { address: f.lender.account.address, amount: -5n * USDC },
          { address: f.borrower.account.address, amount: 4_950_000n },
          { address: f.feeRecipient.account.address, amount: 0n },
          { address: f.lending.address, amount: 50_000n },
        ]);
        await f.viem.assertions.emitWithArgs(hash, f.lending, 'FeeHeld', [
          id,
          f.feeRecipient.account.address,
          50_000n,
        ]);
        const { logs } = await f.receipt(await hash);
        assert.equal(
          parseEventLogs({ abi: f.lending.abi, logs, eventName: 'FeeDeducted' }).length,
          0,
        );
        assert.equal((await f.lending.read.getLoan([id])).status, Status.Funded);
        assert.equal(await f.lending.read.heldFees([f.feeRecipient.account.address]), 50_000n);
        assert.equal(await f.lending.read.reservedUsdc(), 50_000n);
      });

      it('lets the recipient collect its held fees at another address, once', async () => {
        const f = await blacklistedFeeRecipient();
        await f.requestAndFund(5n * USDC);
        await f.requestAndFund(2n * USDC);
        const recipient = await f.as(f.feeRecipient);
        const claim = recipient.write.claimFees([f.other.account.address]);
        await f.usdcChanged(claim, [
          { address: f.lending.address, amount: -70_000n },
          { address: f.other.account.address, amount: 70_000n },
        ]);
        await f.viem.assertions.emitWithArgs(claim, f.lending, 'FeesClaimed', [
          f.feeRecipient.account.address,
          f.other.account.address,
          70_000n,
        ]);
        assert.equal(await f.lending.read.heldFees([f.feeRecipient.account.address]), 0n);
        assert.equal(await f.lending.read.reservedUsdc(), 0n);
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          recipient.write.claimFees([f.other.account.address]),
          f.lending,
          'MicroLending__NoFeesHeld',
          [getAddress(f.feeRecipient.account.address)],
        );
      });

      it('keeps the fees while they cannot reach the address claimed to', async () => {
        const f = await blacklistedFeeRecipient();
        await f.requestAndFund(5n * USDC);
        const claim = (await f.as(f.feeRecipient)).write.claimFees([
          f.feeRecipient.account.address,
        ]);
        if (tokenName === 'FiatToken') {
          await f.viem.assertions.revertWith(claim, 'Blacklistable: account is blacklisted');
        } else {
          await f.viem.assertions.revertWithCustomErrorWithArgs(
            claim,
            await f.viem.getContractAt('BlacklistableUSDC', f.usdc.address),
            'Blacklisted',
            [f.feeRecipient.account.address],
          );
        }
        assert.equal(await f.lending.read.heldFees([f.feeRecipient.account.address]), 50_000n);
        assert.equal(await f.balanceOf(f.lending.address), 50_000n);
      });
    });
  }

  describe('when fees are held', () => {
    async function heldFee() {
      const f = await deployLending('BlacklistableUSDC');
      const token = await f.viem.getContractAt('BlacklistableUSDC', f.usdc.address);
      await token.write.setBlacklisted([f.feeRecipient.account.address, true]);
      await f.requestAndFund(5n * USDC);
      return f;
    }

    it('keeps them for the recipient at funding after the owner names a new one', async () => {
      const f = await heldFee();
      await f.lending.write.setFeeRecipient([f.stranger.account.address]);
      await f.usdcChanged(
        (await f.as(f.lender)).write.fundLoan([await f.request(2n * USDC), 500n]),
        [{ address: f.stranger.account.address, amount: 20_000n }],
      );
      await f.viem.assertions.revertWithCustomErrorWithArgs(
        (await f.as(f.stranger)).write.claimFees([f.stranger.account.address]),
        f.lending,
        'MicroLending__NoFeesHeld',
        [getAddress(f.stranger.account.address)],
      );
      await f.usdcChanged((await f.as(f.feeRecipient)).write.claimFees([f.other.account.address]), [
        { address: f.other.account.address, amount: 50_000n },
      ]);
    });

    it('refuses a claim by anyone else, or to the zero address or the contract', async () => {
      const f = await heldFee();
      for (const who of [f.lender, f.owner]) {
        await f.viem.assertions.revertWithCustomErrorWithArgs(
          (await f.as(who)).write.claimFees([who.account.address]),
          f.lending,
          'MicroLending__NoFeesHeld',
          [getAddress(who.account.address)],
        );
      }
      await f.viem.assertions.revertWithCustomError(
        (await f.as(f.feeRecipient)).write.claimFees([zeroAddress]),
        f.lending,
        'MicroLending__ZeroAddress',
      );
      await f.viem.assertions.revertWithCustomError(
        (await f.as(f.feeRecipient)).write.claimFees([f.lending.address]),
        f.lending,
        'MicroLending__ContractAsRecipient',
      );
      assert.equal(await f.lending.read.heldFees([f.feeRecipient.account.address]), 50_000n);
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

    it('fee claims and escrow claims elsewhere, by the lender or by signature, go on', async () => {
      const f = await deployLending('BlacklistableUSDC');
      const token = await f.viem.getContractAt('BlacklistableUSDC', f.usdc.address);
      await token.write.setBlacklisted([f.feeRecipient.account.address, true]);
      const [first, second] = [await f.requestAndFund(), await f.requestAndFund()];
      await token.write.setBlacklisted([f.lender.account.address, true]);
      await (await f.as(f.borrower)).write.repayLoan([first.id]);
      await (await f.as(f.borrower)).write.repayLoan([second.id]);
      const deadline = BigInt(await inAnHour(f));
      const to = f.other.account.address;
      const signature = await signClaim(f, f.lender, { id: second.id, to, deadline });

      await f.lending.write.pause();
      await (await f.as(f.feeRecipient)).write.claimFees([to]);
      await (await f.as(f.lender)).write.claimEscrowTo([first.id, to]);
      await (
        await f.as(f.stranger)
      ).write.claimEscrowWithSignature([second.id, to, deadline, signature]);
      assert.equal(await f.balanceOf(f.lending.address), 0n);
      assert.equal(await f.lending.read.reservedUsdc(), 0n);
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

    it('refuses re-entry during a fee claim', async () => {
      const f = await deployLending('ReentrantToken');
      const token = await f.viem.getContractAt('ReentrantToken', f.usdc.address);
      await token.write.setBlacklisted([f.feeRecipient.account.address, true]);
      await f.requestAndFund(5n * USDC);
      await f.requestAndFund(5n * USDC);
      await token.write.arm([
        f.lending.address,
        encodeFunctionData({
          abi: f.lending.abi,
          functionName: 'claimFees',
          args: [f.other.account.address],
        }),
      ]);
      await f.viem.assertions.revertWithCustomError(
        (await f.as(f.feeRecipient)).write.claimFees([f.other.account.address]),
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
