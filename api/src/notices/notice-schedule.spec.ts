import type { NoticeLoan } from '../lending/lending-reads';
import {
  LATE_LIMIT_MS,
  MAX_GRACE_MS,
  graceMatters,
  noticeJobId,
  noticeMoments,
  noticeVerdict,
  planNotices,
} from './notice-schedule';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FUNDED = Date.UTC(2026, 0, 10, 9, 30);
const DUE = FUNDED + 7 * DAY;
const GRACE = 3 * DAY;

const funded: NoticeLoan = {
  loanRequestId: '7f0c54d2-5a7b-4c1e-9a57-2f7d4e1c9b31',
  loanChainId: '12',
  status: 'funded',
  principalUnits: 5_000_000n,
  aprBps: 750,
  repaymentUnits: 5_007_192n,
  repaidUnits: null,
  lenderWallet: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
  fundedAt: FUNDED,
  dueAt: DUE,
  repaidAt: null,
  defaultedAt: null,
  escrowed: null,
  escrowReleased: null,
  borrowerId: 'borrower',
  lenderId: 'lender',
};
const repaid = (at: number, escrowed = false): NoticeLoan => ({
  ...funded,
  status: 'repaid',
  repaidAt: at,
  repaidUnits: 5_007_192n,
  escrowed,
  escrowReleased: escrowed ? false : null,
});
const defaulted = (at: number): NoticeLoan => ({ ...funded, status: 'defaulted', defaultedAt: at });

const kinds = (notices: { kind: string }[]) => notices.map((notice) => notice.kind);

describe(noticeMoments.name, () => {
  it('times the reminders from the chain’s due date, and the grace end after it', () => {
    expect(noticeMoments(funded, GRACE)).toEqual([
      { kind: 'funded', at: FUNDED },
      { kind: 'due-in-3-days', at: DUE - 3 * DAY },
      { kind: 'due-tomorrow', at: DUE - DAY },
      { kind: 'due-today', at: DUE },
      { kind: 'grace-ended', at: DUE + GRACE },
    ]);
  });

  it('gives no reminder that would fall before the funding, and no grace end unknown', () => {
    const short = { ...funded, dueAt: FUNDED + 2 * DAY };
    expect(kinds(noticeMoments(short, undefined))).toEqual(['funded', 'due-tomorrow', 'due-today']);
  });

  it('gives a requested loan nothing, and a repayment or default their own moment', () => {
    const requested = { ...funded, status: 'requested' as const, fundedAt: null, dueAt: null };
    expect(noticeMoments(requested, GRACE)).toEqual([]);
    expect(noticeMoments(repaid(DUE - DAY), GRACE).at(-1)).toEqual({
      kind: 'repaid',
      at: DUE - DAY,
    });
    expect(noticeMoments(repaid(DUE, true), GRACE).at(-1)?.kind).toBe('escrowed');
    expect(noticeMoments(defaulted(DUE + 4 * DAY), GRACE).at(-1)).toEqual({
      kind: 'defaulted',
      at: DUE + 4 * DAY,
    });
  });
});

describe(planNotices.name, () => {
  it('schedules every notice of a loan just funded', () => {
    const plan = planNotices(funded, GRACE, FUNDED + 2_000);
    expect(kinds(plan.schedule)).toEqual([
      'funded',
      'due-in-3-days',
      'due-tomorrow',
      'due-today',
      'grace-ended',
    ]);
    expect(plan.remove).toEqual([]);
  });

  it('removes the borrower’s pending notices once the loan is repaid, and tells the lender', () => {
    const plan = planNotices(repaid(FUNDED + DAY), GRACE, FUNDED + DAY + 1_000);
    expect(kinds(plan.schedule)).toEqual(['repaid']);
    expect(kinds(plan.remove)).toEqual([
      'due-in-3-days',
      'due-tomorrow',
      'due-today',
      'grace-ended',
    ]);
  });

  it('leaves alone what is too late to say (a loan folded long after)', () => {
    const later = DUE + GRACE + 40 * DAY;
    expect(planNotices(defaulted(DUE + GRACE + DAY), GRACE, later)).toEqual({
      schedule: [],
      remove: [],
    });
    const plan = planNotices(funded, GRACE, DUE - DAY + LATE_LIMIT_MS - 1);
    expect(kinds(plan.schedule)).toEqual(['due-tomorrow', 'due-today', 'grace-ended']);
  });

  it('keeps the grace notice of a defaulted loan (it is still owed), not its reminders', () => {
    const plan = planNotices(defaulted(DUE + GRACE + HOUR), GRACE, DUE + GRACE + HOUR);
    expect(kinds(plan.schedule)).toEqual(['grace-ended', 'defaulted']);
  });
});

describe(noticeVerdict.name, () => {
  const reminder = { kind: 'due-tomorrow' as const, at: DUE - DAY };

  it('sends a notice still true at its moment', () => {
    expect(noticeVerdict(reminder, funded, GRACE, DUE - DAY)).toBe('send');
    expect(noticeVerdict({ kind: 'funded', at: FUNDED }, funded, GRACE, FUNDED - 5_000)).toBe(
      'send',
    );
  });

  it('makes a timed notice wait for its moment, by the notice clock', () => {
    expect(noticeVerdict(reminder, funded, GRACE, DUE - DAY - 5_000)).toBe('early');
  });

  it('sends nothing once the loan is repaid, or when too late', () => {
    expect(noticeVerdict(reminder, repaid(DUE - 2 * DAY), GRACE, DUE - DAY)).toBe('over');
    expect(noticeVerdict(reminder, funded, GRACE, DUE - DAY + LATE_LIMIT_MS + 1)).toBe('late');
    const released = { ...repaid(DUE, true), escrowReleased: true };
    expect(noticeVerdict({ kind: 'escrowed', at: DUE }, released, GRACE, DUE)).toBe('over');
  });

  it('leaves a notice to the job of its new moment when the chain moved the due date', () => {
    const refunded = { ...funded, fundedAt: FUNDED + HOUR, dueAt: DUE + HOUR };
    expect(noticeVerdict(reminder, refunded, GRACE, DUE - DAY)).toBe('moved');
    expect(noticeVerdict({ kind: 'grace-ended', at: DUE + GRACE }, funded, undefined, DUE)).toBe(
      'moved',
    );
  });
});

describe(graceMatters.name, () => {
  it('asks the chain for a grace period only while a grace notice can still go out', () => {
    expect(graceMatters(funded, DUE)).toBe(true);
    expect(graceMatters(funded, DUE + MAX_GRACE_MS + LATE_LIMIT_MS + 1)).toBe(false);
    expect(graceMatters({ ...funded, dueAt: null }, DUE)).toBe(false);
  });
});

describe(noticeJobId.name, () => {
  it('is the same for the same notice, another for another moment, and has no colon', () => {
    const id = noticeJobId({ kind: 'due-today', at: DUE }, funded.loanRequestId);
    expect(id).toBe(`${funded.loanRequestId}-due-today-${DUE / 1000}`);
    expect(noticeJobId({ kind: 'due-today', at: DUE + 1000 }, funded.loanRequestId)).not.toBe(id);
    expect(id).not.toContain(':');
  });
});
