import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';

import { withTimeout } from '../common/with-timeout';
import { type RequestObserver, routePattern } from '../logging/request-context';
import { LendingReads } from '../lending/lending-reads';
import { OBSERVED, OBSERVED_QUEUES } from './observed-queues';
import { RequestDurations } from './request-durations';

/** The states whose job counts are read (completed jobs are removed as they complete). */
const STATES = ['waiting', 'prioritized', 'active', 'delayed', 'failed'] as const;

/** The series of how far loan status trails the chain: name and help. */
const CHAIN_SERIES = {
  head: ['api_chain_head_block', 'The chain head, as the node says.'],
  finalized: ['api_chain_finalized_block', 'The chain finalized block the indexer saw.'],
  folded: ['api_folded_block', 'The newest block whose events the loans are folded from.'],
  reconcileLag: [
    'api_reconcile_lag_blocks',
    'Chain head minus the newest folded block: how far loan status trails the chain.',
  ],
  finalityLag: ['api_finality_lag_blocks', 'Chain head minus the finalized block.'],
} as const;
type ChainSeries = keyof typeof CHAIN_SERIES;

/** A scrape must answer while Redis or Postgres hangs; what did not answer is left out. */
const READ_TIMEOUT_MS = 2_000;

/**
 * The API's Prometheus metrics (GET /metrics). Requests are observed as they finish; queues and
 * the lending projection are read when Prometheus scrapes, from Redis and Postgres, so every
 * replica answers the same figures for them.
 */
@Injectable()
export class ApiMetrics {
  private readonly logger = new Logger(ApiMetrics.name);
  readonly registry = new Registry();

  private readonly requestSeconds = new RequestDurations(
    'http_request_duration_seconds',
    'HTTP requests by method, route pattern (unmatched: no route answered) and status.',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  private readonly queueJobs = new Gauge({
    name: 'api_queue_jobs',
    help: 'Jobs in each queue, by state.',
    labelNames: ['queue', 'state'],
    registers: [this.registry],
  });
  private readonly oldestWaiting = new Gauge({
    name: 'api_queue_oldest_waiting_seconds',
    help: 'How long ago the oldest waiting job of each queue was added (0: none waiting).',
    labelNames: ['queue'],
    registers: [this.registry],
  });
  /** Per the deployment's chain; absent (not 0) while unknown, before the indexer has run. */
  private readonly chainGauges = Object.fromEntries(
    Object.entries(CHAIN_SERIES).map(([series, [name, help]]) => [
      series,
      new Gauge({ name, help, labelNames: ['chain_id'], registers: [this.registry] }),
    ]),
  ) as Record<ChainSeries, Gauge<'chain_id'>>;
  private readonly readErrors = new Counter({
    name: 'api_metrics_read_errors_total',
    help: 'Scrapes where a source (a queue, the chain, the projection) did not answer in time.',
    labelNames: ['source'],
    registers: [this.registry],
  });

  constructor(
    @Inject(OBSERVED) private readonly queues: Queue[],
    private readonly lending: LendingReads,
  ) {
    this.registry.registerMetric(this.requestSeconds.asMetric());
    collectDefaultMetrics({ register: this.registry, prefix: 'api_' });
  }

  /**
   * Observes each request whose answer was sent, once, labelled with the route's pattern
   * (`/academy/courses/:id`), never the raw URL, so the series stay few.
   */
  readonly observeRequest: RequestObserver = (request, response, elapsedMs) => {
    if (!response.writableFinished) {
      return;
    }
    this.requestSeconds.observe(
      request.method,
      routePattern(request, response),
      response.statusCode,
      elapsedMs / 1_000,
    );
  };

  /** The exposition text, with the queues and the projection read now. */
  async text(): Promise<string> {
    await Promise.all([
      ...this.queues.map((queue, index) => this.readQueue(OBSERVED_QUEUES[index]!, queue)),
      this.readLending(),
    ]);
    return this.registry.metrics();
  }

  private async readQueue(name: string, queue: Queue): Promise<void> {
    try {
      const [counts, [oldest]] = await withTimeout(
        Promise.all([queue.getJobCounts(...STATES), queue.getJobs(['waiting'], 0, 0, true)]),
        READ_TIMEOUT_MS,
      );
      for (const state of STATES) {
        this.queueJobs.set({ queue: name, state }, counts[state] ?? 0);
      }
      this.oldestWaiting.set(
        { queue: name },
        oldest === undefined ? 0 : Math.max(0, (Date.now() - oldest.timestamp) / 1_000),
      );
    } catch (error) {
      this.unread(`queue ${name}`, error);
      for (const state of STATES) {
        this.queueJobs.remove({ queue: name, state });
      }
      this.oldestWaiting.remove({ queue: name });
    }
  }

  /**
   * How far loan status trails the chain: the head as the node says now (as the indexer last saw
   * it when the node does not answer), against the newest folded and the finalized block.
   */
  private async readLending(): Promise<void> {
    const [progress, liveHead] = await Promise.allSettled([
      withTimeout(this.lending.foldProgress(), READ_TIMEOUT_MS),
      withTimeout(this.lending.chainHead(), READ_TIMEOUT_MS),
    ]);
    Object.values(this.chainGauges).forEach((gauge) => gauge.reset());
    const chain = { chain_id: this.lending.chainId };
    const set = (series: ChainSeries, value: number | null | undefined) => {
      if (value !== null && value !== undefined) {
        this.chainGauges[series].set(chain, value);
      }
    };
    if (liveHead.status === 'rejected') {
      this.unread('chain', liveHead.reason);
    }
    if (progress.status === 'rejected') {
      this.unread('lending', progress.reason);
    }
    const known = progress.status === 'fulfilled' ? progress.value : undefined;
    const head = liveHead.status === 'fulfilled' ? liveHead.value : known?.indexerHead;
    set('head', head);
    // Before the indexer has run (no row) nothing is folded or finalized: no lag to tell.
    if (known === undefined || head === undefined || head === null) {
      return;
    }
    set('folded', known.folded);
    set('finalized', known.finalized);
    set('reconcileLag', Math.max(0, head - known.folded));
    set('finalityLag', known.finalized === null ? null : Math.max(0, head - known.finalized));
  }

  private unread(source: string, error: unknown): void {
    this.readErrors.inc({ source });
    this.logger.warn(`metrics: ${source} not read: ${(error as Error).message}`);
  }
}
