import { render, screen, within } from '@testing-library/react';

import type { ChainConfig } from '@/config/wagmi';

import type { LoanRequest } from '../api/loan-requests';
import { ChainFacts, ChainProof } from './chain-proof';

const LENDING = '0x610178dA211FEF7D417bC0e6FeD39F05609AD788';
const SEPOLIA_USDC = '0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d';

/** GET /chain on Arbitrum Sepolia (the Sepolia-shaped local chain answers the same). */
const sepolia: ChainConfig = {
  chainId: 421614,
  chainName: 'Arbitrum Sepolia',
  lendingAddress: LENDING,
  usdcAddress: SEPOLIA_USDC,
  deployBlock: 11,
  rpcUrl: 'http://127.0.0.1:8545',
  explorerUrl: 'https://sepolia.arbiscan.io',
};
const local: ChainConfig = { ...sepolia, chainId: 31337, chainName: 'Hardhat', explorerUrl: null };

const loanAt = (finality: LoanRequest['chain']['finality'], asOfBlock = 40) =>
  ({ chain: { asOfBlock, asOfBlockHash: `0x${'ab'.repeat(32)}`, finality } }) as LoanRequest;

describe(ChainFacts.name, () => {
  it("names the chain and links both contracts to Arbitrum Sepolia's explorer", () => {
    render(<ChainFacts chain={sepolia} />);
    const facts = screen.getByText(/^Network:/).parentElement!;
    expect(facts.textContent).toContain('Network: Arbitrum Sepolia (chain 421614)');
    const links = within(facts).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `https://sepolia.arbiscan.io/address/${LENDING}`,
      `https://sepolia.arbiscan.io/address/${SEPOLIA_USDC}`,
    ]);
    expect(links.map((link) => link.textContent)).toEqual([
      '0x6101…D788 (opens in a new tab)',
      '0x75fa…AA4d (opens in a new tab)',
    ]);
  });

  it('shows the addresses unlinked on a chain without an explorer', () => {
    render(<ChainFacts chain={local} />);
    const facts = screen.getByText(/^Network:/).parentElement!;
    expect(facts.textContent).toContain('Network: Hardhat (chain 31337)');
    expect(within(facts).queryByRole('link')).toBeNull();
    expect(within(facts).getByText('0x6101…D788').getAttribute('title')).toBe(LENDING);
  });
});

describe(ChainProof.name, () => {
  it('links "Verified on chain" to the block the status was read at', () => {
    render(<ChainProof chain={sepolia} loan={loanAt('finalized', 40)} />);
    const link = screen.getByRole('link', { name: /^Verified on chain/ });
    expect(link.getAttribute('href')).toBe('https://sepolia.arbiscan.io/block/40');
  });

  it('says "Confirming (block N)" as text where there is no explorer', () => {
    render(<ChainProof chain={local} loan={loanAt('pending', 41)} />);
    expect(screen.getByText('Confirming (block 41)')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
