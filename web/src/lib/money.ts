/**
 * How the client writes amounts (UI.md "Money"): 2 decimals where 2 are exact, more only when
 * the value needs them (never beyond the token's own precision), the same decimals down a
 * column, and always the unit.
 */

/** USDC's precision on chain: 6 decimals. */
export const USDC_DECIMALS = 6;

/** The fewest decimals from 2 that write `amount` exactly at `precision` decimals. */
export function decimalsNeeded(amount: number, precision: number = USDC_DECIMALS): number {
  if (!Number.isFinite(amount)) {
    return 2;
  }
  // Compare in whole units of the last decimal: floats such as 1.000959 are not exact.
  const scale = 10 ** precision;
  const units = Math.round(Math.abs(amount) * scale);
  for (let decimals = 2; decimals < precision; decimals += 1) {
    if (units % 10 ** (precision - decimals) === 0) {
      return decimals;
    }
  }
  return Math.max(2, precision);
}

/** One number of decimals for a column of amounts: the most any of them needs. */
export function columnDecimals(
  amounts: readonly number[],
  precision: number = USDC_DECIMALS,
): number {
  return amounts.reduce((most, amount) => Math.max(most, decimalsNeeded(amount, precision)), 2);
}

const formats = new Map<number, Intl.NumberFormat>();

/** `amount` with exactly `decimals` decimals, in the member's locale (no sign for a negative). */
export function formatNumber(amount: number, decimals: number): string {
  let format = formats.get(decimals);
  if (format === undefined) {
    format = new Intl.NumberFormat(undefined, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formats.set(decimals, format);
  }
  return format.format(Math.abs(amount));
}

/** The value in full (every decimal it has at `precision`), with its unit: for a title. */
export function fullAmount(amount: number, unit: string, precision: number = USDC_DECIMALS) {
  return `${amount < 0 ? '−' : ''}${formatNumber(amount, decimalsNeeded(amount, precision))} ${unit}`;
}

/** UI.md: amounts always with their unit (`12.50 USDC`); decimals as {@link decimalsNeeded}. */
export function formatUsdc(amount: number, decimals: number = decimalsNeeded(amount)): string {
  return `${amount < 0 ? '−' : ''}${formatNumber(amount, decimals)} USDC`;
}
