import type { Address, Hex } from 'viem';

/**
 * Wallets for local demos, from Hardhat's public test mnemonic ("test test … junk"): import a
 * key into a browser wallet to act as that member on the local chain. These keys are public;
 * never send real funds to them.
 */
export const demoWallets: readonly { label: string; address: Address; privateKey: Hex }[] = [
  {
    label: 'Demo wallet 1',
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  },
  {
    label: 'Demo wallet 2',
    address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  },
  {
    label: 'Demo wallet 3',
    address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    privateKey: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  },
];

/** ETH each demo wallet holds on a local chain, for gas: 10,000 ETH (in wei). */
export const demoEthPerWallet = 10_000n * 10n ** 18n;

/** USDC each demo wallet receives on a local chain (6-decimal units): 1,000 USDC. */
export const demoUsdcPerWallet = 1_000_000_000n;

/** Hardhat's chain id: the only chain where MockUSDC is deployed and demo funds are minted. */
export const localChainId = 31337;
