import { platformScore, type SettledLoan } from './platform-score';

const DAY = 86_400_000;
const FUNDED = Date.parse('2026-03-01T00:00:00Z');
const BORROWER = 'borrower';

/** A loan of `amount` USDC funded by `lenderId` for `term` days, repaid after `held` days. */
function repaid(amount: number, held: number, lenderId: string | null, term = 30): SettledLoan {
  return {
    outcome: 'repaid',
    amount,
    startDate: new Date(FUNDED),
    dueDate: new Date(FUNDED + term * DAY),
    repaidAt: new Date(FUNDED + held * DAY),
    lenderId,
  };
}

function defaulted(amount: number, term: number, lenderId: string | null = 'lender'): SettledLoan {
  return { ...repaid(amount, 0, lenderId, term), outcome: 'defaulted', repaidAt: null };
}

const times = (n: number, loan: (i: number) => SettledLoan) =>
  Array.from({ length: n }, (_, i) => loan(i));

/** Issue 16 §5: seven 0.01 USDC loans of a week, each repaid five minutes after funding. */
const farmed = (lenderId: string | null) => times(7, () => repaid(0.01, 5 / 1_440, lenderId, 7));

/** A month of small loans: four of 5 USDC repaid after 29 days, to three lenders. */
const honestMonth = times(4, (i) => repaid(5, 29, ['a', 'b', 'c', 'a'][i] ?? 'a'));

describe(platformScore.name, () => {
  it('gives no score when no loan counts', () => {
    expect(platformScore(BORROWER, [])).toBeNull();
  });

  it("ignores loans funded from the borrower's own other wallet", () => {
    expect(platformScore(BORROWER, farmed(BORROWER))).toBeNull();
    expect(platformScore(BORROWER, [...honestMonth, ...farmed(BORROWER)])).toBe(
      platformScore(BORROWER, honestMonth),
    );
  });

  it('ignores repayments to a wallet no member has linked', () => {
    expect(platformScore(BORROWER, farmed(null))).toBeNull();
  });

  it("keeps the farming case at the baseline when another member's wallet lends", () => {
    expect(platformScore(BORROWER, farmed('friend'))).toBe(600);
    // Even seventy such loans, each left open the whole week, barely move it.
    expect(
      platformScore(
        BORROWER,
        times(70, () => repaid(0.01, 7, 'friend', 7)),
      ),
    ).toBe(605);
  });

  it('climbs for an honest month of small loans from several lenders', () => {
    expect(platformScore(BORROWER, honestMonth.slice(0, 1))).toBe(665);
    expect(platformScore(BORROWER, honestMonth)).toBe(765);
    expect(
      platformScore(
        BORROWER,
        times(8, (i) => repaid(5, 29, `l${i % 5}`)),
      ),
    ).toBe(816);
  });

  it('weighs a loan by its amount and the days it was outstanding', () => {
    expect(platformScore(BORROWER, [repaid(1, 29, 'a')])).toBeLessThan(
      platformScore(BORROWER, [repaid(5, 29, 'a')]) ?? 0,
    );
    expect(platformScore(BORROWER, [repaid(5, 1, 'a')])).toBeLessThan(
      platformScore(BORROWER, [repaid(5, 29, 'a')]) ?? 0,
    );
  });

  it('counts more lenders for more, with diminishing returns', () => {
    const withLenders = (n: number) =>
      platformScore(
        BORROWER,
        times(6, (i) => repaid(5, 29, `l${i % n}`)),
      ) ?? 0;
    const [one, two, three, six] = [withLenders(1), withLenders(2), withLenders(3), withLenders(6)];
    expect(two - one).toBeGreaterThan(three - two);
    expect(three - two).toBeGreaterThan((six - three) / 3);
    expect(six).toBeLessThan(850);
  });

  it('counts a late repayment for less than an on-time one, and no extra days for lateness', () => {
    const onTime = platformScore(BORROWER, [repaid(5, 30, 'a')]) ?? 0;
    const late = platformScore(BORROWER, [repaid(5, 40, 'a')]) ?? 0;
    expect(late).toBeGreaterThan(600);
    expect(late).toBeLessThan(onTime);
    expect(platformScore(BORROWER, [repaid(5, 90, 'a')])).toBe(late);
  });

  it('costs at least 100 per default, more for a larger or longer one', () => {
    expect(platformScore(BORROWER, [defaulted(0.01, 7)])).toBe(500);
    expect(platformScore(BORROWER, [defaulted(10, 90)])).toBe(350);
    // A default counts whoever lent: no lender can cause one.
    expect(platformScore(BORROWER, [defaulted(0.01, 7, null)])).toBe(500);
    expect(platformScore(BORROWER, [...honestMonth, defaulted(5, 30)])).toBe(548);
  });

  it('stays within 300–850 however long the record', () => {
    expect(
      platformScore(
        BORROWER,
        times(200, (i) => repaid(10, 90, `l${i}`, 90)),
      ),
    ).toBe(850);
    expect(
      platformScore(
        BORROWER,
        times(5, () => defaulted(10, 90)),
      ),
    ).toBe(300);
  });
});
