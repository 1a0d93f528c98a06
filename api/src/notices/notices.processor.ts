import { Processor, WorkerHost } from '@nestjs/bullmq';
import { DelayedError, type Job } from 'bullmq';

import { LendingReads, type NoticeLoan } from '../lending/lending-reads';
import { Mailer } from '../mail/mailer';
import type { LoanNoticeMail } from '../mail/templates';
import { UsersStore } from '../users/users.store';
import { NoticeClock } from './notice-clock';
import { type NoticeKind, noticeVerdict, recipientId } from './notice-schedule';
import { NOTICES_QUEUE, type NoticeJob } from './notices.queue';
import { NoticesStore } from './notices.store';
import { NoticeStopLinks } from './stop-links';

/** The kinds whose moment or text needs the loan's grace period (a chain read, kept). */
const NEEDS_GRACE: ReadonlySet<NoticeKind> = new Set<NoticeKind>(['due-today', 'grace-ended']);

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Sends a notice when its job runs, if it is still true: the loan is read again (still funded
 * for a reminder, not repaid or cancelled since; the notice's moment still the chain's) and so is
 * the member (still linked to the loan's wallet, notices still on), so a late, stale or repeated
 * job sends nothing. Sending is claim-then-queue ({@link NoticesStore}): one row per loan and
 * kind lets one sender in, and the mail's job id is the notice's, so a sender that stopped between
 * the two steps is finished by the next attempt without a second mail.
 */
@Processor(NOTICES_QUEUE, { concurrency: 4 })
export class NoticesProcessor extends WorkerHost {
  constructor(
    private readonly lending: LendingReads,
    private readonly users: UsersStore,
    private readonly store: NoticesStore,
    private readonly mailer: Mailer,
    private readonly clock: NoticeClock,
    private readonly links: NoticeStopLinks,
  ) {
    super();
  }

  /** Answers what became of the notice (kept with the job, for the queue's dashboard). */
  async process(job: Job<NoticeJob>, token?: string): Promise<string> {
    const { loanRequestId, kind, at } = job.data;
    const [loan] = await this.lending.noticeLoans([loanRequestId]);
    if (loan === undefined) {
      return 'no such loan';
    }
    const graceMs = NEEDS_GRACE.has(kind)
      ? await this.lending.gracePeriodMs(loan.loanChainId)
      : undefined;
    const now = this.clock.now();
    const verdict = noticeVerdict({ kind, at }, loan, graceMs, now);
    if (verdict === 'early') {
      // Its timer ran ahead of the notice clock (an adjustable clock moved back): wait the rest.
      await job.moveToDelayed(Date.now() + (at - now), token);
      throw new DelayedError();
    }
    if (verdict !== 'send') {
      return verdict;
    }
    const memberId = recipientId(kind, loan);
    const member = memberId === null ? undefined : await this.users.noticeRecipient(memberId);
    if (member === undefined) {
      return 'no member';
    }
    if (!member.loanNotices) {
      return 'notices off';
    }
    const claim = await this.store.claim({ loanRequestId, kind, userId: member.id, at });
    if (claim === 'done') {
      return 'sent before';
    }
    await this.mailer.send(
      member.email,
      { name: 'loan-notice', notice: this.mail(kind, loan, graceMs, member) },
      { jobId: `notice-${loanRequestId}-${kind}` },
    );
    await this.store.markQueued(loanRequestId, kind);
    return 'sent';
  }

  private mail(
    kind: NoticeKind,
    loan: NoticeLoan,
    graceMs: number | undefined,
    member: { id: string; fullname: string },
  ): LoanNoticeMail {
    const units = (value: bigint | null) => (value === null ? null : value.toString());
    return {
      kind,
      fullname: member.fullname,
      loanLabel: `Loan #${loan.loanRequestId.slice(-6)}`,
      principalUnits: (loan.principalUnits ?? 0n).toString(),
      owedUnits: units(loan.repaymentUnits),
      repaidUnits: units(loan.repaidUnits),
      dueAt: iso(loan.dueAt),
      graceEndsAt: loan.dueAt === null || graceMs === undefined ? null : iso(loan.dueAt + graceMs),
      stopUrl: this.links.url(member.id),
    };
  }
}
