import { render, screen } from '@testing-library/react';

import { Money } from './money';

describe(Money.name, () => {
  it('writes the amount with its unit and its full value on hover', () => {
    render(<Money amount={1.5} />);
    const amount = screen.getByTitle('1.50 USDC');
    expect(amount.textContent).toBe('1.50 USDC');
  });

  it("pads to its column's decimals, the added zeros drawn quieter", () => {
    render(<Money amount={4} decimals={6} />);
    const amount = screen.getByTitle('4.00 USDC');
    expect(amount.textContent).toBe('4.000000 USDC');
    expect(amount.querySelector('span')?.textContent).toBe('0000');
  });

  it('carries its direction in a sign and in an icon named in words, not in colour alone', () => {
    render(
      <>
        <Money amount={4} direction="in" />
        <Money amount={1.000959} direction="out" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Money in' }).parentElement?.textContent).toBe(
      '+4.00 USDC',
    );
    expect(screen.getByRole('img', { name: 'Money out' }).parentElement?.textContent).toBe(
      '−1.000959 USDC',
    );
  });

  it('rounds a value beyond its precision and keeps the full one for the title', () => {
    render(<Money amount={9999.99971234} unit="ETH" precision={4} full="9999.99971234 ETH" />);
    expect(screen.getByTitle('9999.99971234 ETH').textContent).toBe('9,999.9997 ETH');
  });
});
