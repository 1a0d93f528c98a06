import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

import type { RpcFailure } from '../chain/rpc-client';

/** The indexer's Prometheus metrics (served on the health port at /metrics). */
export class IndexerMetrics {
  readonly registry = new Registry();
  readonly head = this.gauge('indexer_head_block', 'The chain head the follower last saw.');
  readonly indexed = this.gauge('indexer_indexed_block', 'The last block fully indexed.');
  readonly safe = this.gauge('indexer_safe_block', 'The chain safe block.');
  readonly finalized = this.gauge('indexer_finalized_block', 'The chain finalized block.');
  readonly lag = this.gauge('indexer_lag_blocks', 'Head minus the last indexed block.');
  readonly range = this.gauge('indexer_getlogs_range_blocks', 'The current getLogs block range.');
  readonly halted = this.gauge('indexer_halted', '1 when a reorg deeper than finality halted it.');
  readonly lastReorgDepth = this.gauge('indexer_last_reorg_depth', 'Blocks the last reorg undid.');
  readonly reorgs = new Counter({
    name: 'indexer_reorgs_total',
    help: 'Reorganisations handled.',
    registers: [this.registry],
  });
  readonly events = new Counter({
    name: 'indexer_events_total',
    help: 'Chain events stored.',
    registers: [this.registry],
  });
  readonly rpcSeconds = new Histogram({
    name: 'indexer_rpc_seconds',
    help: 'JSON-RPC round trips.',
    labelNames: ['method'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly rpcErrors = new Counter({
    name: 'indexer_rpc_errors_total',
    help: 'Failed JSON-RPC round trips, by kind.',
    labelNames: ['method', 'failure'],
    registers: [this.registry],
  });
  readonly queueJobs = new Gauge({
    name: 'indexer_queue_jobs',
    help: 'Jobs in the indexer queues, by state.',
    labelNames: ['queue', 'state'],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'indexer_' });
  }

  observeRpc(method: string, seconds: number, failure: RpcFailure | undefined): void {
    this.rpcSeconds.observe({ method }, seconds);
    if (failure !== undefined) {
      this.rpcErrors.inc({ method, failure });
    }
  }

  private gauge(name: string, help: string): Gauge {
    return new Gauge({ name, help, registers: [this.registry] });
  }
}
