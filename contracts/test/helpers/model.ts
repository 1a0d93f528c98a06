/**
 * The reference model of a loan's money, in exact integer arithmetic: what the contract must
 * charge, written independently of it. Rationals are kept as [numerator, denominator].
 */
const BPS = 10_000n;
const YEAR = 365n * 86_400n;

export interface Terms {
  principal: bigint;
  duration: bigint;
  aprBps: bigint;
  feeBps: bigint;
  penaltyBps: bigint;
  gracePeriod: bigint;
  penaltyInterval: bigint;
  maxPenaltyIntervals: bigint;
  startDate: bigint;
}

export type Rational = readonly [bigint, bigint];

const ceil = ([n, d]: Rational) => (n + d - 1n) / d;
const floor = ([n, d]: Rational) => n / d;

/** Interest over the whole term, exactly. */
export function exactInterest(t: Terms): Rational {
  return [t.principal * t.aprBps * t.duration, BPS * YEAR];
}

/** The penalty when repaid at `at`, exactly: penaltyBps per started interval past the deadline. */
export function exactPenalty(t: Terms, at: bigint): Rational {
  const deadline = t.startDate + t.duration + t.gracePeriod;
  if (at <= deadline) {
    return [0n, 1n];
  }
  const late = at - deadline;
  let intervals = (late + t.penaltyInterval - 1n) / t.penaltyInterval;
  if (intervals > t.maxPenaltyIntervals) {
    intervals = t.maxPenaltyIntervals;
  }
  return [t.principal * t.penaltyBps * intervals, BPS];
}

export function exactFee(t: Terms): Rational {
  return [t.principal * t.feeBps, BPS];
}

/** What the contract should charge, rounded: interest and penalty up (lender), fee down (borrower). */
export function expected(t: Terms, at: bigint) {
  const interest = ceil(exactInterest(t));
  const penalty = ceil(exactPenalty(t, at));
  const fee = floor(exactFee(t));
  return {
    interest,
    penalty,
    fee,
    amountToBorrower: t.principal - fee,
    totalRepayment: t.principal + interest + penalty,
  };
}

/** How far `charged` lies above the exact value, in units: must be in [0, 1) for the lender. */
export function roundingError(charged: bigint, [n, d]: Rational): Rational {
  return [charged * d - n, d];
}

/** A small seeded PRNG (mulberry32), so a failing case can be replayed from its seed. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  /** A uniform bigint in [min, max]. */
  const between = (min: bigint, max: bigint) =>
    min +
    ((BigInt(Math.floor(next() * 2 ** 32)) * 2n ** 20n + BigInt(Math.floor(next() * 2 ** 20))) %
      (max - min + 1n));
  return { next, between };
}
