import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { JobsOptions, Queue } from 'bullmq';

import { LendingReads, type NoticeLoan } from '../lending/lending-reads';
import { NoticeClock } from './notice-clock';
import {
  graceMatters,
  noticeJobId,
  planNotices,
  recipientId,
  sentAtOnce,
  type TimedNotice,
} from './notice-schedule';
import { NOTICES_QUEUE, type NoticeJob } from './notices.queue';

/** Loans planned side by side (a backfill's members' loans, a wallet's history). */
const PLAN_CONCURRENCY = 32;

/**
 * How long the loans told of gather before they are planned, together. The fast path and the
 * indexer report a member's transaction a few milliseconds apart: gathered, the loan is read and
 * its jobs queued once, not twice. And the planning (a read, a handful of queue calls, the notice
 * it queues at once and the mail after it) no longer runs the moment the member's answer has
 * gone, when their next transaction is usually on its way: in `npm run bench -w indexer` the fast
 * path answered a repayment sent right after its funding's answer ~6 ms later than the funding
 * (history, 2026-12-02). A notice is mail: a quarter of a second does not matter to it.
 */
const PLAN_AFTER_MS = 250;

const JOB_OPTIONS: JobsOptions = {
  // A failed read (the database, the chain for a grace period) is tried again.
  attempts: 6,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

/**
 * Keeps each loan's notice jobs as its chain figures say they should be: told of a loan (by its
 * lending events), it reads the loan through lending's public read and adds the delayed jobs it
 * should have (deterministic ids: adding one the queue holds adds nothing, so events seen twice,
 * on two processes, or again after a restart schedule nothing twice) and removes those of a state
 * it left (repaid or cancelled before a reminder). A job for a moment the chain moved stays
 * behind and sends nothing: the processor checks each notice against the loan when it runs.
 */
@Injectable()
export class NoticeScheduler implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(NoticeScheduler.name);
  private pending = new Set<string>();
  private flushTimer: NodeJS.Timeout | undefined;
  /** Plannings under way: a stop waits for them before the queues close. */
  private readonly planning = new Set<Promise<void>>();
  /** The app is stopping: what is told of now is planned at once, before the queues close. */
  private stopping = false;

  constructor(
    @InjectQueue(NOTICES_QUEUE) private readonly queue: Queue<NoticeJob>,
    private readonly lending: LendingReads,
    private readonly clock: NoticeClock,
  ) {}

  onModuleInit(): void {
    this.clock.onJump(() => void this.retime());
  }

  /**
   * Plans what is gathered before the queues close (they close at application shutdown, after
   * this). A reconcile still finishing until then has its loans planned at once.
   */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    // Until nothing is gathered or under way: a loan told of while a planning runs is planned
    // and waited for too.
    while (this.flushTimer !== undefined || this.planning.size > 0) {
      if (this.flushTimer !== undefined) {
        clearTimeout(this.flushTimer);
        void this.flush();
      }
      await Promise.all(this.planning);
    }
  }

  /**
   * Plans this loan's notices soon: within {@link PLAN_AFTER_MS}, with every other loan told of
   * meanwhile (read at once: a backfill has thousands).
   */
  consider(loanRequestId: string): void {
    this.pending.add(loanRequestId);
    this.flushTimer ??= setTimeout(() => void this.flush(), this.stopping ? 0 : PLAN_AFTER_MS);
  }

  /** Plans these loans' notices now (of those with a member's wallet; the others have nobody to tell). */
  async plan(loanRequestIds: readonly string[]): Promise<void> {
    await this.planLoans(await this.lending.noticeLoans(loanRequestIds, { membersOnly: true }));
  }

  /** Plans the notices of every loan a wallet borrowed or funded, soon: it was just linked. */
  considerWallet(address: string): void {
    this.lending
      .walletNoticeLoans(address)
      .then((loans) => this.planLoans(loans))
      .catch((error: unknown) => {
        // The wallet's loans' next events plan them again.
        this.logger.warn(`notices of wallet ${address} not planned: ${(error as Error).message}`);
      });
  }

  /**
   * Times every waiting notice again by the clock (after an adjustable clock jumped): due ones
   * run now, the others wait what is left.
   */
  async retime(): Promise<void> {
    try {
      const jobs = await this.queue.getDelayed();
      const now = this.clock.now();
      await Promise.all(
        jobs.map(async (job) => {
          const wait = sentAtOnce(job.data.kind) ? 0 : job.data.at - now;
          try {
            await (wait <= 0 ? job.promote() : job.changeDelay(wait));
          } catch {
            // Another process took it, or promoted it first.
          }
        }),
      );
    } catch (error) {
      this.logger.warn(`notices not timed again: ${(error as Error).message}`);
    }
  }

  private flush(): Promise<void> {
    const ids = [...this.pending];
    this.pending = new Set();
    this.flushTimer = undefined;
    const planned = this.plan(ids).catch((error: unknown) => {
      // The loans' next event (their blocks settling, say) plans them again.
      this.logger.warn(`notices of ${ids.length} loan(s) not planned: ${(error as Error).message}`);
    });
    this.planning.add(planned);
    void planned.finally(() => this.planning.delete(planned));
    return planned;
  }

  /** A few loans at a time: each costs a chain read at most and a handful of queue calls. */
  private async planLoans(loans: readonly NoticeLoan[]): Promise<void> {
    for (let i = 0; i < loans.length; i += PLAN_CONCURRENCY) {
      await Promise.all(loans.slice(i, i + PLAN_CONCURRENCY).map((loan) => this.planLoan(loan)));
    }
  }

  /**
   * The loan's notices to members only: a notice whose recipient wallet no member has linked
   * would find nobody when it ran (and linking it later plans the loan again).
   */
  private async planLoan(loan: NoticeLoan): Promise<void> {
    const now = this.clock.now();
    // The grace period is a chain read, and only the borrower's grace notice needs it.
    const graceMs = loan.borrowerId === null ? undefined : await this.graceMs(loan, now);
    const { schedule, remove } = planNotices(loan, graceMs, now);
    const toMember = (notice: TimedNotice) => recipientId(notice.kind, loan) !== null;
    await Promise.all([
      ...schedule.filter(toMember).map((notice) => this.add(loan, notice, now)),
      ...remove.filter(toMember).map((notice) => this.remove(loan, notice)),
    ]);
  }

  /** The grace period where it can matter; unknown (no grace notice planned) if the chain is away. */
  private async graceMs(loan: NoticeLoan, now: number): Promise<number | undefined> {
    if (!graceMatters(loan, now)) {
      return undefined;
    }
    try {
      return await this.lending.gracePeriodMs(loan.loanChainId);
    } catch {
      return undefined;
    }
  }

  private async add(loan: NoticeLoan, notice: TimedNotice, now: number): Promise<void> {
    await this.queue.add(
      notice.kind,
      { loanRequestId: loan.loanRequestId, kind: notice.kind, at: notice.at },
      {
        ...JOB_OPTIONS,
        jobId: noticeJobId(notice, loan.loanRequestId),
        delay: sentAtOnce(notice.kind) ? 0 : Math.max(0, notice.at - now),
      },
    );
  }

  private async remove(loan: NoticeLoan, notice: TimedNotice): Promise<void> {
    try {
      await this.queue.remove(noticeJobId(notice, loan.loanRequestId));
    } catch {
      // Running right now: it finds the loan's new state and sends nothing.
    }
  }
}
