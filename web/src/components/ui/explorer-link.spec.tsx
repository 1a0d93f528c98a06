import { render, screen } from '@testing-library/react';

import { ExplorerLink, explorerHref, shortHex } from './explorer-link';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const HASH = '0x5a1f2b7c8d9e0f11223344556677889900aabbccddeeff00112233445566778f';
const SEPOLIA = 'https://sepolia.arbiscan.io';

describe(explorerHref.name, () => {
  it("gives the explorer's page for an address, a transaction and a block", () => {
    expect(explorerHref(SEPOLIA, 'address', ADDRESS)).toBe(`${SEPOLIA}/address/${ADDRESS}`);
    expect(explorerHref(SEPOLIA, 'tx', HASH)).toBe(`${SEPOLIA}/tx/${HASH}`);
    expect(explorerHref(`${SEPOLIA}/`, 'block', 42)).toBe(`${SEPOLIA}/block/42`);
  });

  it('gives nothing where the chain has no explorer', () => {
    expect(explorerHref(null, 'address', ADDRESS)).toBeNull();
  });
});

describe(shortHex.name, () => {
  it('shortens an address or a hash in the middle, and leaves a short value alone', () => {
    expect(shortHex(ADDRESS)).toBe('0x7099…79C8');
    expect(shortHex(HASH)).toBe('0x5a1f…778f');
    expect(shortHex('0x1234')).toBe('0x1234');
  });
});

describe(ExplorerLink.name, () => {
  it('links an address to its explorer page in a new tab, shortened, the full value on hover', () => {
    render(<ExplorerLink explorerUrl={SEPOLIA} page="address" value={ADDRESS} />);
    const link = screen.getByRole('link', { name: '0x7099…79C8 (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe(`${SEPOLIA}/address/${ADDRESS}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noreferrer');
    expect(link.getAttribute('title')).toBe(ADDRESS);
  });

  it('shows the same text, unlinked, where the chain has no explorer', () => {
    render(<ExplorerLink explorerUrl={null} page="address" value={ADDRESS} />);
    expect(screen.queryByRole('link')).toBeNull();
    const text = screen.getByText('0x7099…79C8');
    expect(text.getAttribute('title')).toBe(ADDRESS);
  });

  it('takes its own text and tells screen readers what a vague one leads to', () => {
    render(
      <ExplorerLink
        explorerUrl={SEPOLIA}
        page="tx"
        value={HASH}
        description="the transaction of funding, Loan #a1b2c3"
      >
        Explorer
      </ExplorerLink>,
    );
    // jsdom reads a space before the hidden part that browsers do not: the words are what count.
    const link = screen.getByRole('link', {
      name: /^Explorer ?: the transaction of funding, Loan #a1b2c3 \(opens in a new tab\)$/,
    });
    expect(link.getAttribute('href')).toBe(`${SEPOLIA}/tx/${HASH}`);
  });

  it('shows nothing without an explorer when it is only a link', () => {
    const { container } = render(
      <ExplorerLink explorerUrl={null} page="tx" value={HASH} whenNoExplorer="nothing">
        Explorer
      </ExplorerLink>,
    );
    expect(container.innerHTML).toBe('');
  });
});
