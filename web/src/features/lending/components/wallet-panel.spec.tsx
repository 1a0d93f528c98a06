import { render, screen } from '@testing-library/react';

import type { ChainConfig } from '@/config/wagmi';

import type { Wallet } from '../chain/use-wallet';
import { walletMessages } from '../chain/wallet-messages';
import { WalletPanel } from './wallet-panel';

const ACCOUNT = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const sepolia: ChainConfig = {
  chainId: 421614,
  chainName: 'Arbitrum Sepolia',
  lendingAddress: '0x610178dA211FEF7D417bC0e6FeD39F05609AD788',
  usdcAddress: '0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d',
  deployBlock: 11,
  rpcUrl: 'http://127.0.0.1:8545',
  explorerUrl: 'https://sepolia.arbiscan.io',
};

/** The part of useWallet's answer the card reads, for a wallet in a given state. */
function wallet(state: Partial<Wallet>): Wallet {
  const messages = walletMessages(sepolia.chainName);
  return {
    messages,
    available: true,
    candidates: [],
    address: undefined,
    connecting: false,
    switching: false,
    onChain: true,
    error: undefined,
    ethBalance: undefined,
    usdcBalance: undefined,
    connectWallet: () => Promise.resolve(),
    switchNetwork: () => Promise.resolve(),
    watchUsdc: () => Promise.resolve(true),
    ...state,
  } as unknown as Wallet;
}

const panel = (state: Partial<Wallet>) =>
  render(
    <WalletPanel
      chain={sepolia}
      wallet={wallet(state)}
      linked
      linkedLoaded
      onLink={() => undefined}
    />,
  );

describe('the wallet card on Arbitrum Sepolia', () => {
  it('names the chain in every network message (SPEC §8)', () => {
    expect(walletMessages('Arbitrum Sepolia')).toMatchObject({
      wrongChain: 'Please switch to Arbitrum Sepolia network',
      addFailed: 'Failed to add Arbitrum Sepolia network',
      switchFailed: 'Failed to switch to Arbitrum Sepolia network',
    });
  });

  it('says where loans are made before the wallet connects', () => {
    panel({});
    expect(
      screen.getByText(/Loans are made in USDC on Arbitrum Sepolia, from your own wallet/),
    ).toBeTruthy();
  });

  it('on another chain, asks to switch to Arbitrum Sepolia and links the address', () => {
    const messages = walletMessages(sepolia.chainName);
    panel({ address: ACCOUNT, onChain: false, error: messages.wrongChain });
    expect(screen.getByRole('alert').textContent).toBe('Please switch to Arbitrum Sepolia network');
    expect(screen.getByRole('button', { name: 'Switch to Arbitrum Sepolia' })).toBeTruthy();
    const address = screen.getByRole('link', { name: '0x15d3…6A65 (opens in a new tab)' });
    expect(address.getAttribute('href')).toBe(`https://sepolia.arbiscan.io/address/${ACCOUNT}`);
  });
});
