import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { network } from 'hardhat';
import { parseSignature } from 'viem';

const { viem } = await network.create();

describe('MockUSDC', () => {
  it('counts in six decimals like USDC', async () => {
    const usdc = await viem.deployContract('MockUSDC');
    assert.equal(await usdc.read.decimals(), 6);
    assert.equal(await usdc.read.symbol(), 'USDC');
  });

  it('mints to any address', async () => {
    const usdc = await viem.deployContract('MockUSDC');
    const [, member] = await viem.getWalletClients();
    assert.ok(member);
    await usdc.write.mint([member.account.address, 2_500_000n]);
    assert.equal(await usdc.read.balanceOf([member.account.address]), 2_500_000n);
  });

  describe('when an owner signs an EIP-2612 permit', () => {
    it('lets the spender spend without an approve transaction', async () => {
      const usdc = await viem.deployContract('MockUSDC');
      const [owner, spender] = await viem.getWalletClients();
      assert.ok(owner && spender);
      const publicClient = await viem.getPublicClient();
      const value = 1_000_000n;
      const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600);
      const signature = await owner.signTypedData({
        domain: {
          name: 'USD Coin',
          version: '1',
          chainId: await publicClient.getChainId(),
          verifyingContract: usdc.address,
        },
        types: {
          Permit: [
            { name: 'owner', type: 'address' },
            { name: 'spender', type: 'address' },
            { name: 'value', type: 'uint256' },
            { name: 'nonce', type: 'uint256' },
            { name: 'deadline', type: 'uint256' },
          ],
        },
        primaryType: 'Permit',
        message: {
          owner: owner.account.address,
          spender: spender.account.address,
          value,
          nonce: 0n,
          deadline,
        },
      });
      const { v, r, s } = parseSignature(signature);
      assert.ok(v !== undefined);
      await usdc.write.permit([
        owner.account.address,
        spender.account.address,
        value,
        deadline,
        Number(v),
        r,
        s,
      ]);
      assert.equal(
        await usdc.read.allowance([owner.account.address, spender.account.address]),
        value,
      );
      assert.equal(await usdc.read.nonces([owner.account.address]), 1n);
    });
  });
});
