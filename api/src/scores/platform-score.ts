/** One of a member's chain-finalized loans as a borrower, repaid or defaulted. */
export interface SettledLoan {
  outcome: 'repaid' | 'defaulted';
  /** Principal, USDC. */
  amount: number;
  /** Funded at. */
  startDate: Date | null;
  dueDate: Date | null;
  repaidAt: Date | null;
  /** The member who linked the lending wallet; null while nobody has. */
  lenderId: string | null;
}

/** The weights and bounds of {@link platformScore}. */
export const PLATFORM_SCORE = {
  start: 600,
  /** Most points repaid history can add, and the USDC-days for 63 % of them. */
  history: 150,
  historyUsdcDays: 500,
  /** A late repayment counts for this share of its USDC-days. */
  lateShare: 0.5,
  /** Most points distinct lenders can add, and the lenders for 63 % of them. */
  lenders: 100,
  lendersScale: 3,
  /** A lender counts fully once they have had this many repaid USDC-days (63 % at this many). */
  lenderUsdcDays: 50,
  /** Each default costs this much, plus up to `perDefaultWeighted` by its USDC-days. */
  perDefault: 100,
  perDefaultWeighted: 150,
  defaultUsdcDays: 100,
  min: 300,
  max: 850,
} as const;

const DAY_MS = 86_400_000;

/** 0 at 0, 63 % at `scale`, 1 in the limit: more of the same evidence adds less and less. */
const saturate = (value: number, scale: number) => 1 - Math.exp(-value / scale);

/** Days from funding to `end`, never negative; 0 when either is unknown. */
const days = (start: Date | null, end: Date | null) =>
  start === null || end === null ? 0 : Math.max(0, (end.getTime() - start.getTime()) / DAY_MS);

/**
 * A repaid loan's weight in USDC-days: principal × days outstanding, counted up to the due date
 * (being late earns no extra days), and only `lateShare` of it when repaid after the due date or
 * with no recorded due date or repayment time.
 */
function repaidUsdcDays(loan: SettledLoan): number {
  const { startDate, dueDate, repaidAt } = loan;
  if (repaidAt !== null && dueDate !== null && repaidAt <= dueDate) {
    return loan.amount * days(startDate, repaidAt);
  }
  return loan.amount * days(startDate, dueDate ?? repaidAt) * PLATFORM_SCORE.lateShare;
}

/**
 * Whether a loan is evidence about this borrower. A loan between two wallets of the same member
 * proves nothing. A repayment to a wallet no member has linked proves nothing either: that
 * wallet may well be the borrower's own, unlinked to dodge the first rule. A default counts
 * whoever lent, since no lender can cause one (repayment never depends on the lender).
 */
function counts(borrowerId: string, loan: SettledLoan): boolean {
  if (loan.lenderId === borrowerId) {
    return false;
  }
  return loan.outcome === 'defaulted' || loan.lenderId !== null;
}

/**
 * The platform's own credit score, on the familiar 300–850 scale, from a member's settled loans
 * as a borrower; null when none of them counts (no score rather than the baseline). With
 * USDC-days = principal (USDC) × days from funding to repayment, capped at the due date, and
 * x(v, k) = 1 − e^(−v/k):
 *
 *   600
 *   + 150 × x(E, 500)              E = on-time USDC-days + ½ × late USDC-days
 *   + 100 × x(N, 3)                N = Σ over distinct lenders of x(their E, 50)
 *   − Σ over defaults (100 + 150 × x(principal × agreed days, 100))
 *
 * rounded and clamped to [300, 850]. Weighting by USDC-days makes tiny or instant loans worth
 * next to nothing; lenders count with diminishing returns and only for what they put at stake;
 * a default always costs at least 100, a large or long one up to 250. Loans between wallets of
 * the same member and repayments to wallets no member has linked are ignored (see `counts`).
 */
export function platformScore(borrowerId: string, loans: readonly SettledLoan[]): number | null {
  const counted = loans.filter((loan) => counts(borrowerId, loan));
  if (counted.length === 0) {
    return null;
  }
  const s = PLATFORM_SCORE;
  let repaid = 0;
  let penalty = 0;
  const byLender = new Map<string, number>();
  for (const loan of counted) {
    if (loan.outcome === 'defaulted') {
      const agreed = loan.amount * days(loan.startDate, loan.dueDate);
      penalty += s.perDefault + s.perDefaultWeighted * saturate(agreed, s.defaultUsdcDays);
    } else if (loan.lenderId !== null) {
      const weight = repaidUsdcDays(loan);
      repaid += weight;
      byLender.set(loan.lenderId, (byLender.get(loan.lenderId) ?? 0) + weight);
    }
  }
  let lenders = 0;
  for (const weight of byLender.values()) {
    lenders += saturate(weight, s.lenderUsdcDays);
  }
  const raw =
    s.start +
    s.history * saturate(repaid, s.historyUsdcDays) +
    s.lenders * saturate(lenders, s.lendersScale) -
    penalty;
  return Math.round(Math.min(s.max, Math.max(s.min, raw)));
}
