/** A member's settled loans as a borrower, counting only chain-finalized loan records. */
export interface LendingHistory {
  /** Repaid no later than the due date. */
  repaidOnTime: number;
  /** Repaid after the due date (or with no recorded due date or repayment time). */
  repaidLate: number;
  defaulted: number;
}

/** The weights and bounds of {@link platformScore}. */
export const PLATFORM_SCORE = {
  start: 600,
  perRepaidOnTime: 40,
  perRepaidLate: 10,
  perDefault: 150,
  min: 300,
  max: 850,
} as const;

/**
 * The platform's own credit score, on the familiar 300–850 scale:
 *
 *   600 + 40 × repaid on time + 10 × repaid late − 150 × defaulted, clamped to [300, 850].
 *
 * A late repayment still counts for something (the lender got their money back); one default
 * outweighs several good loans. Cancelled and still-open loans do not move the score; a member
 * with no settled loan gets no score at all rather than the baseline (see PlatformScores).
 */
export function platformScore(history: LendingHistory): number {
  const raw =
    PLATFORM_SCORE.start +
    PLATFORM_SCORE.perRepaidOnTime * history.repaidOnTime +
    PLATFORM_SCORE.perRepaidLate * history.repaidLate -
    PLATFORM_SCORE.perDefault * history.defaulted;
  return Math.min(PLATFORM_SCORE.max, Math.max(PLATFORM_SCORE.min, raw));
}
