import { columnDecimals, decimalsNeeded, formatUsdc, fullAmount } from './money';

describe(decimalsNeeded.name, () => {
  it('gives 2 where 2 are exact and more only when the value needs them, up to 6', () => {
    expect(decimalsNeeded(4)).toBe(2);
    expect(decimalsNeeded(1.5)).toBe(2);
    expect(decimalsNeeded(0.001)).toBe(3);
    expect(decimalsNeeded(1.000959)).toBe(6);
    // A float's noise is not a decimal USDC has.
    expect(decimalsNeeded(0.1 + 0.2)).toBe(2);
    expect(decimalsNeeded(0.041095890410958)).toBe(6);
  });
});

describe(columnDecimals.name, () => {
  it('takes the most any amount of the column needs', () => {
    expect(columnDecimals([4, 1.000959, 1])).toBe(6);
    expect(columnDecimals([4, 2.5])).toBe(2);
    expect(columnDecimals([])).toBe(2);
  });
});

describe(formatUsdc.name, () => {
  it('writes the unit, the decimals asked for, and a minus sign for a negative', () => {
    expect(formatUsdc(1.5)).toBe('1.50 USDC');
    expect(formatUsdc(1200.000959)).toBe('1,200.000959 USDC');
    expect(formatUsdc(4, 6)).toBe('4.000000 USDC');
    expect(formatUsdc(-2)).toBe('−2.00 USDC');
    expect(fullAmount(9999.99971234, 'ETH', 8)).toBe('9,999.99971234 ETH');
  });
});
