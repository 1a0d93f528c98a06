/** Figures as the benchmarks compute, print and store them. */

/** `value` to `digits` decimals, as a number (for printing and for results.json). */
export const round = (value: number, digits = 0) => Number(value.toFixed(digits));

/** A count or a rate as printed: `12,345`. */
export const thousands = (value: number) => value.toLocaleString('en');

/** What a figure printed beside its goal says of it. */
export const verdict = (ok: boolean) => (ok ? 'meets it' : 'MISSES it');

/** Nearest-rank percentile (`p` from 0 to 100) of `values`, in any order; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** The middle value, or the mean of the middle two; NaN when there are none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The item whose `value` is the median, for keeping one whole run's figures together; of an even
 * number, the lower of the middle two (the less flattering run, when higher is better). Undefined
 * when there are none.
 */
export function medianItem<T>(items: readonly T[], value: (item: T) => number): T | undefined {
  const sorted = [...items].sort((a, b) => value(a) - value(b));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}
