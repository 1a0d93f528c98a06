import { platformScore } from './platform-score';

const history = (repaidOnTime = 0, repaidLate = 0, defaulted = 0) => ({
  repaidOnTime,
  repaidLate,
  defaulted,
});

describe(platformScore.name, () => {
  it('starts a member with one late repayment just above the 600 baseline', () => {
    expect(platformScore(history(0, 1))).toBe(610);
  });

  it('rewards on-time repayment four times as much as a late one', () => {
    expect(platformScore(history(1))).toBe(640);
    expect(platformScore(history(2, 1))).toBe(690);
  });

  it('lets one default outweigh three on-time repayments', () => {
    expect(platformScore(history(3, 0, 1))).toBe(570);
  });

  it('never goes above 850 however long the record', () => {
    expect(platformScore(history(7))).toBe(850);
    expect(platformScore(history(100, 100))).toBe(850);
  });

  it('never goes below 300 however many defaults', () => {
    expect(platformScore(history(0, 0, 2))).toBe(300);
    expect(platformScore(history(1, 0, 10))).toBe(300);
  });
});
