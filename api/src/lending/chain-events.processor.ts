import {
  CHAIN_EVENTS_QUEUE,
  chainEventsBackoff,
  type ChainEventsJob,
  chainEventsJobSchema,
} from '@lendpath/indexer/jobs';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Job, UnrecoverableError } from 'bullmq';

import { ENV, type Env } from '../config/env';
import { ReconcileLoansCommand } from './commands/reconcile-loans/reconcile-loans.command';
import type { LoanTransition } from './projection/loan-projection';

/**
 * Consumes the indexer's batches: each names the loans it touched, and the API re-folds them
 * from the event store. The job carries no event data, so a duplicate, a replay or a batch that
 * arrives before an older one converges on the same rows.
 */
@Processor(CHAIN_EVENTS_QUEUE, {
  settings: { backoffStrategy: chainEventsBackoff },
  // A reconcile takes milliseconds (a backfill batch, seconds) and only awaits Postgres, so the
  // lock, renewed every half lockDuration, never lapses under a live worker; BullMQ's 30 s
  // defaults only delay the hand-over of a dead worker's job: with these another replica takes it
  // within about lockDuration + 2 stalledIntervals (a restarted API has already re-folded its
  // loans on boot). Running a job twice is harmless (the reconcile re-folds from the store), so a
  // job may stall a few times before BullMQ fails it; its loans are re-folded by the recovery
  // sweep even then.
  lockDuration: 5_000,
  stalledInterval: 5_000,
  maxStalledCount: 3,
})
export class ChainEventsProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly commands: CommandBus,
    @Inject(ENV) private readonly env: Env,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.env.LENDING_RECONCILE_CONCURRENCY;
  }

  async process(job: Job<ChainEventsJob>): Promise<{ reconciled: number; changed: number }> {
    const parsed = chainEventsJobSchema.safeParse(job.data);
    if (!parsed.success) {
      // Retrying cannot fix a malformed payload.
      throw new UnrecoverableError(`malformed chain-events job ${job.id}: ${parsed.error.message}`);
    }
    const transitions: LoanTransition[] = await this.commands.execute(
      new ReconcileLoansCommand(parsed.data.loanIds),
    );
    return { reconciled: parsed.data.loanIds.length, changed: transitions.length };
  }
}
