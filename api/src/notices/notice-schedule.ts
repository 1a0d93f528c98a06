import type { NoticeLoan } from '../lending/lending-reads';

/**
 * Every loan notice. The borrower hears when their loan is funded, 3 days and 1 day before it is
 * due, on the due date, and when the grace period ends; the lender hears when a loan they funded
 * is repaid, repaid into escrow, or defaulted.
 */
export const NOTICE_KINDS = [
  'funded',
  'due-in-3-days',
  'due-tomorrow',
  'due-today',
  'grace-ended',
  'repaid',
  'escrowed',
  'defaulted',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const NOTICE_RECIPIENT: Record<NoticeKind, 'borrower' | 'lender'> = {
  funded: 'borrower',
  'due-in-3-days': 'borrower',
  'due-tomorrow': 'borrower',
  'due-today': 'borrower',
  'grace-ended': 'borrower',
  repaid: 'lender',
  escrowed: 'lender',
  defaulted: 'lender',
};

/** The member a notice of this kind goes to: whoever linked the loan's borrower or lender wallet. */
export const recipientId = (
  kind: NoticeKind,
  loan: Pick<NoticeLoan, 'borrowerId' | 'lenderId'>,
): string | null => (NOTICE_RECIPIENT[kind] === 'borrower' ? loan.borrowerId : loan.lenderId);

/** How long before the due date each reminder goes out. */
const REMINDERS: readonly [NoticeKind, number][] = [
  ['due-in-3-days', 3 * DAY],
  ['due-tomorrow', DAY],
  ['due-today', 0],
];

/**
 * Notices about something the chain did (sent as soon as the API has folded it), as opposed to
 * the ones timed against the due date.
 */
const AT_ONCE: ReadonlySet<NoticeKind> = new Set<NoticeKind>([
  'funded',
  'repaid',
  'escrowed',
  'defaulted',
]);
export const sentAtOnce = (kind: NoticeKind): boolean => AT_ONCE.has(kind);

/**
 * How late a notice may still go out. Later it would say what is no longer so ("due in 3 days"
 * a day late) or what the member learnt long ago, as after an outage, or when the API folds old
 * loans for the first time (a new deployment, a backfill).
 */
export const LATE_LIMIT_MS = 12 * HOUR;

/** How early a timed notice may run (clocks and the queue's timers differ by a little). */
export const EARLY_TOLERANCE_MS = 1_000;

/** The longest grace period the contract allows (its owner may set up to 30 days). */
export const MAX_GRACE_MS = 30 * DAY;

/** A notice of a loan and its moment (epoch ms, by the chain's times). */
export interface TimedNotice {
  kind: NoticeKind;
  at: number;
}

/**
 * Every notice the loan's chain figures give a moment to, whatever its status: funding, the
 * reminders before the due date (none before the loan was funded: a loan shorter than 3 days
 * has no 3-day reminder), the end of the grace period (when `graceMs` is known), the repayment
 * (into escrow or not) and the default.
 */
export function noticeMoments(loan: NoticeLoan, graceMs: number | undefined): TimedNotice[] {
  const moments: TimedNotice[] = [];
  const { fundedAt, dueAt } = loan;
  if (fundedAt !== null) {
    moments.push({ kind: 'funded', at: fundedAt });
    if (dueAt !== null) {
      for (const [kind, ahead] of REMINDERS) {
        if (dueAt - ahead > fundedAt) {
          moments.push({ kind, at: dueAt - ahead });
        }
      }
      if (graceMs !== undefined) {
        moments.push({ kind: 'grace-ended', at: dueAt + graceMs });
      }
    }
  }
  if (loan.repaidAt !== null) {
    moments.push({ kind: loan.escrowed === true ? 'escrowed' : 'repaid', at: loan.repaidAt });
  }
  if (loan.defaultedAt !== null) {
    moments.push({ kind: 'defaulted', at: loan.defaultedAt });
  }
  return moments;
}

/** Whether the loan is still in the state a notice of this kind is about. */
export function stillTrue(kind: NoticeKind, loan: NoticeLoan): boolean {
  switch (kind) {
    case 'funded':
    case 'due-in-3-days':
    case 'due-tomorrow':
    case 'due-today':
      return loan.status === 'funded';
    // Marking a loan defaulted is possible only after the grace period: it is still owed.
    case 'grace-ended':
      return loan.status === 'funded' || loan.status === 'defaulted';
    case 'repaid':
      return loan.status === 'repaid' && loan.escrowed !== true;
    case 'escrowed':
      return loan.status === 'repaid' && loan.escrowed === true && loan.escrowReleased !== true;
    case 'defaulted':
      return loan.status === 'defaulted';
  }
}

/** A loan's notice jobs as they should stand now: those to have, and those to take away. */
export interface NoticePlan {
  schedule: TimedNotice[];
  remove: TimedNotice[];
}

/**
 * What a loan's notices should be at `now`: the notices still true of it and not yet too late
 * are scheduled; those of a state it has left (repaid or cancelled before a reminder, a repayment
 * a reorg undid) are removed. Notices already too late are left alone either way: a job for one
 * sends nothing.
 */
export function planNotices(
  loan: NoticeLoan,
  graceMs: number | undefined,
  now: number,
): NoticePlan {
  const plan: NoticePlan = { schedule: [], remove: [] };
  for (const notice of noticeMoments(loan, graceMs)) {
    if (now > notice.at + LATE_LIMIT_MS) {
      continue;
    }
    (stillTrue(notice.kind, loan) ? plan.schedule : plan.remove).push(notice);
  }
  return plan;
}

/** Whether the grace period (a chain read) can change the plan of this loan at `now`. */
export const graceMatters = (loan: NoticeLoan, now: number): boolean =>
  loan.dueAt !== null && now <= loan.dueAt + MAX_GRACE_MS + LATE_LIMIT_MS;

/**
 * What a notice job should do when it runs at `now`, looking at the loan as it is then:
 * `send`; `early` (a timed notice before its moment: wait); `moved` (the loan's figures now give
 * this notice another moment, or none: a reorg changed the funding; the job for the new moment
 * sends it); `over` (the loan left the state it is about: repaid, cancelled, removed); `late`.
 */
export function noticeVerdict(
  notice: TimedNotice,
  loan: NoticeLoan,
  graceMs: number | undefined,
  now: number,
): 'send' | 'early' | 'moved' | 'over' | 'late' {
  const moment = noticeMoments(loan, graceMs).find(({ kind }) => kind === notice.kind);
  if (moment?.at !== notice.at) {
    return 'moved';
  }
  if (!stillTrue(notice.kind, loan)) {
    return 'over';
  }
  if (!sentAtOnce(notice.kind) && now < notice.at - EARLY_TOLERANCE_MS) {
    return 'early';
  }
  return now > notice.at + LATE_LIMIT_MS ? 'late' : 'send';
}

/**
 * The notice's job id: the same for the same loan, kind and moment, so scheduling it again (the
 * loan's events repeat, two API processes fold the same loan) adds nothing, while a moment the
 * chain moved gets a job of its own. (BullMQ refuses ':' in ids.)
 */
export const noticeJobId = ({ kind, at }: TimedNotice, loanRequestId: string): string =>
  `${loanRequestId}-${kind}-${Math.floor(at / 1000)}`;
