import { getQueueToken } from '@nestjs/bullmq';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { type Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';

import { RpcClient, RpcError } from '../chain/rpc-client';
import { ENV, type Env } from '../config/env';
import { IndexerMetrics } from '../metrics/indexer-metrics';
import { CHAIN_EVENTS_QUEUE, type ChainEventsJob } from '../public/jobs';
import { chainIdCall } from './chain-reads';
import { FencedOut, Follower, type SyncOutcome } from './follower';
import { followerSetup } from './follower-setup';
import { HeadWatcher } from './head-watcher';
import { LogDecoder } from './log-decoder';
import { OutboxRelay } from './outbox-relay';
import { WARM_START, type WarmStart } from './warm-start';

/** The indexer's own work queue: `sync` jobs, ticked by a job scheduler and by new heads. */
export const SYNC_QUEUE = 'indexer-sync';

/** How long one sync job may follow before it yields (and queues its own continuation). */
const SYNC_SLICE_MS = 5_000;

export interface FollowerStatus {
  /** Why the follower halted, or null. */
  halted: string | null;
  caughtUp: boolean;
}

/**
 * Runs the follower under BullMQ: a job scheduler adds a `sync` job every INDEXER_POLL_MS, a
 * new head adds one at once (deduplicated while one waits), and one worker (concurrency 1)
 * processes them. Replicas may run side by side: the follower's advisory lock and cursor
 * compare-and-set keep one writer, the other's batch is dropped as FencedOut.
 */
@Injectable()
export class SyncService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Follower');
  private readonly rpc: RpcClient;
  private readonly logs: LogDecoder;
  private readonly follower: Follower;
  private readonly relay: OutboxRelay;
  private readonly connection: Redis;
  readonly syncQueue: Queue;
  private worker?: Worker;
  private workerConnection?: Redis;
  private heads?: HeadWatcher;
  private readonly schedulerId: string;
  private status: FollowerStatus = { halted: null, caughtUp: false };
  /** The relay under way, if any, and whether rows were committed after it began. */
  private relaying?: Promise<void>;
  private relayAgain = false;

  constructor(
    @Inject(ENV) private readonly env: Env,
    dataSource: DataSource,
    @Inject(getQueueToken(CHAIN_EVENTS_QUEUE)) chainEvents: Queue<ChainEventsJob>,
    readonly metrics: IndexerMetrics,
    /** The follower's first calls, sent before the app loaded (main.ts), when there were. */
    @Inject(WARM_START) private readonly warm: WarmStart | null,
  ) {
    const { contract, config, rpc } = followerSetup(env);
    const observe = metrics.observeRpc.bind(metrics);
    if (warm === null) {
      this.rpc = new RpcClient({ ...rpc, observe });
      this.logs = new LogDecoder(contract);
    } else {
      this.rpc = warm.rpc;
      this.logs = warm.logs;
      warm.observeWith(observe);
    }
    this.follower = new Follower(
      contract,
      config,
      dataSource,
      this.rpc,
      metrics,
      this.logger,
      () => this.relaySoon(),
      this.logs,
    );
    this.relay = new OutboxRelay(dataSource, chainEvents);
    this.schedulerId = `sync-${contract.chainId}-${contract.address}`;
    // BullMQ workers block on Redis by design: no per-request retry limit.
    this.connection = new Redis(env.REDIS_URL, {
      maxRetriesPerRequest: null,
      connectionName: 'lendpath-indexer-sync',
    });
    this.connection.on('error', () => undefined);
    this.syncQueue = new Queue(SYNC_QUEUE, {
      connection: this.connection,
      prefix: env.QUEUE_PREFIX,
    });
  }

  currentStatus(): FollowerStatus {
    return this.status;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.warm !== null) {
      this.logger.log(`warm start: ${this.warm.summary}`);
    }
    const chainId = Number(await this.rpc.call<string>(chainIdCall.method, chainIdCall.params));
    if (chainId !== this.env.deployment.chainId) {
      throw new Error(
        `RPC_URL serves chain ${chainId} but DEPLOYMENT_FILE is for chain ${this.env.deployment.chainId}`,
      );
    }
    // Rows committed before a crash and never relayed go out first.
    await this.relay.relay();
    this.workerConnection = this.connection.duplicate();
    this.worker = new Worker(SYNC_QUEUE, (job) => this.process(job), {
      connection: this.workerConnection,
      prefix: this.env.QUEUE_PREFIX,
      concurrency: 1,
    });
    this.worker.on('error', (error) => this.logger.warn(`sync worker: ${error.message}`));
    await this.syncQueue.upsertJobScheduler(
      this.schedulerId,
      { every: this.env.INDEXER_POLL_MS },
      { name: 'sync', opts: { removeOnComplete: true, removeOnFail: 100 } },
    );
    await this.kick();
    if (this.env.RPC_WS_URL !== undefined) {
      this.heads = new HeadWatcher(
        this.env.RPC_WS_URL,
        (hash) => {
          // At the head, the head's sync asks for the tip and the block's logs: asked for now,
          // the node answers while the sync's job goes through the queue. Behind (a backfill
          // under way), the sync asks for other blocks first.
          if (this.status.caughtUp) {
            this.follower.prefetchHead(hash);
          }
          void this.kick(hash);
        },
        this.logger,
      );
      this.heads.start();
    }
    this.logger.log(
      `following ${this.env.deployment.lending.address} on chain ${chainId} from block ` +
        `${this.env.deployment.lending.deployBlock} (finality: ${this.env.finality})`,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.heads?.stop();
    // Let the running batch finish: its transaction commits or rolls back whole either way.
    await this.worker?.close();
    await this.logs.close();
    await this.syncQueue.close();
    // BullMQ leaves connections it was handed open.
    this.workerConnection?.disconnect();
    this.connection.disconnect();
  }

  /**
   * A sync now: for a new head (`head`, its hash), or to go on after a slice or at start.
   *
   * Each head gets a sync of its own, deduplicated only against syncs for the same head while
   * one waits or runs (every replica's watcher hears it). A sync reads the chain's tip as it
   * begins, so a head that comes while one runs needs the next: deduplicating all kicks for 20 ms
   * dropped that head whenever it came within 20 ms of the one before (a fund sent as soon as
   * its request showed), and its block waited for the polling tick, up to INDEXER_POLL_MS
   * (`npm run bench -w indexer`: the fund's p50 was 70 ms, its p95 171 ms). A sync that finds
   * nothing new costs a tip and a read of the cursor.
   */
  private async kick(head?: string): Promise<void> {
    await this.syncQueue
      .add(
        'sync',
        {},
        {
          deduplication:
            head === undefined
              ? { id: `${this.schedulerId}-now`, ttl: 20 }
              : { id: `${this.schedulerId}-head-${head}` },
          removeOnComplete: true,
          removeOnFail: 100,
        },
      )
      .catch((error: unknown) => this.logger.warn(`could not queue a sync: ${String(error)}`));
  }

  /**
   * Relays the outbox now, beside the sync (which goes on fetching), one relay at a time: a
   * commit during a relay makes it run once more rather than start a second one.
   */
  private relaySoon(): void {
    this.relayAgain = true;
    if (this.relaying !== undefined) {
      return;
    }
    this.relaying = (async () => {
      while (this.relayAgain) {
        this.relayAgain = false;
        await this.relay.relay().catch((error: unknown) => {
          this.logger.warn(`outbox relay failed: ${String(error)}`);
        });
      }
      // In the same turn as the last look at relayAgain: a call after it starts a new relay.
      this.relaying = undefined;
    })();
  }

  private async process(job: Job): Promise<SyncOutcome | undefined> {
    let outcome: SyncOutcome;
    try {
      outcome = await this.follower.sync(Date.now() + SYNC_SLICE_MS);
    } catch (error) {
      if (error instanceof FencedOut) {
        this.logger.debug(`sync ${job.id}: ${error.message}`);
        return undefined;
      }
      if (error instanceof RpcError && error.failure === 'fatal') {
        throw new UnrecoverableError(error.message);
      }
      this.logger.warn(`sync failed: ${(error as Error).message}`);
      throw error;
    } finally {
      // Whatever happened, committed batches must reach the queue before the job ends.
      this.relaySoon();
      await this.relaying;
    }
    this.status = {
      halted: outcome.haltedReason,
      caughtUp: outcome.caughtUp,
    };
    if (!outcome.caughtUp && outcome.haltedReason === null) {
      await this.kick();
    }
    return outcome;
  }
}
