import {
  closeGettingStarted,
  gettingStartedClosed,
  hasSeenLoanRequests,
  markLoanRequestsSeen,
} from './first-run';

describe('first-run', () => {
  beforeEach(() => localStorage.clear());

  it('remembers a visit to the loan marketplace per member', () => {
    expect(hasSeenLoanRequests('u1')).toBe(false);
    markLoanRequestsSeen('u1');
    expect(hasSeenLoanRequests('u1')).toBe(true);
    expect(hasSeenLoanRequests('u2')).toBe(false);
  });

  it('records nothing without a member', () => {
    markLoanRequestsSeen('');
    expect(localStorage.length).toBe(0);
  });

  it('keeps the list closed per member, finished or dismissed', () => {
    expect(gettingStartedClosed('u1')).toBeNull();
    closeGettingStarted('u1', 'dismissed');
    closeGettingStarted('u2', 'done');
    expect(gettingStartedClosed('u1')).toBe('dismissed');
    expect(gettingStartedClosed('u2')).toBe('done');
    expect(gettingStartedClosed('u3')).toBeNull();
  });
});
