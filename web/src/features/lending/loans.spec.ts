import { aprCeiling, clampApr, finalityText, lateness, statusLabel, statusTone } from './loans';

describe('loan presentation', () => {
  it('shows repaid as COMPLETED and every other status in upper case (SPEC §2, §4)', () => {
    expect(statusLabel('repaid')).toBe('COMPLETED');
    expect(statusLabel('requested')).toBe('REQUESTED');
    expect(statusLabel('defaulted')).toBe('DEFAULTED');
  });

  it('gives each status the tone SPEC §4 names', () => {
    expect(statusTone('requested')).toBe('warning');
    expect(statusTone('funded')).toBe('success');
    expect(statusTone('repaid')).toBe('completed');
    expect(statusTone('cancelled')).toBe('danger');
    expect(statusTone('defaulted')).toBe('danger');
  });

  it('says a row is confirming at its block until it is final', () => {
    expect(finalityText({ asOfBlock: 42, finality: 'pending' })).toBe('Confirming (block 42)');
    expect(finalityText({ asOfBlock: 42, finality: 'safe' })).toBe('Confirming (block 42)');
    expect(finalityText({ asOfBlock: 42, finality: 'finalized' })).toBe('Verified on chain');
  });

  it('never says verified while the API cannot vouch for loan status', () => {
    expect(finalityText({ asOfBlock: 42, finality: 'unverified' })).toBe(
      "Can't verify right now (block 42)",
    );
  });
});

describe('APR bounds', () => {
  it('clamps to 1–20 % on the 0.5 grid (SPEC §5)', () => {
    expect(clampApr(0)).toBe(1);
    expect(clampApr(25)).toBe(20);
    expect(clampApr(7.5)).toBe(7.5);
    expect(clampApr(7.7)).toBe(7.5);
    expect(clampApr(Number.NaN)).toBe(1);
  });

  it('never lets a lender offer more than the borrower accepts', () => {
    expect(aprCeiling({ maxInterestRate: 8 })).toBe(8);
    expect(clampApr(12, aprCeiling({ maxInterestRate: 8 }))).toBe(8);
    expect(aprCeiling({ maxInterestRate: 20 })).toBe(20);
    // An owner may raise the platform's ceiling up to 50 %; the screens keep SPEC's 1–20 %.
    expect(aprCeiling({ maxInterestRate: 30 })).toBe(20);
  });
});

describe(lateness.name, () => {
  const due = '2026-01-10T00:00:00.000Z';
  const grace = 3 * 86_400;

  it('is on time until the due date', () => {
    expect(lateness(due, grace, new Date('2026-01-09T00:00:00Z')).kind).toBe('on-time');
  });

  it('is in grace after the due date until the grace period ends', () => {
    expect(lateness(due, grace, new Date('2026-01-12T00:00:00Z')).kind).toBe('grace');
  });

  it('is late after the grace period', () => {
    expect(lateness(due, grace, new Date('2026-01-14T00:00:00Z')).kind).toBe('late');
  });
});
