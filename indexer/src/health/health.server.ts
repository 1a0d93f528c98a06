import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';

import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';

import { ENV, type Env } from '../config/env';
import { SYNC_QUEUE, SyncService } from '../follower/sync.service';
import { IndexerMetrics } from '../metrics/indexer-metrics';
import { CHAIN_EVENTS_QUEUE } from '../public/jobs';

const CHECK_TIMEOUT_MS = 2_000;

type DependencyState = 'up' | 'down';

async function probe(check: () => Promise<unknown>): Promise<DependencyState> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The indexer has no HTTP API; this small server on its own port answers the orchestrator:
 * `/health` (the process is alive), `/ready` (Postgres and Redis answer, the follower is caught
 * up with the head and not halted) and `/metrics` (Prometheus).
 */
@Injectable()
export class HealthServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(HealthServer.name);
  private readonly server: Server;
  // Its own connection: BullMQ 6 no longer exposes its queue's client for a ping.
  private readonly redis: Redis;

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly dataSource: DataSource,
    private readonly sync: SyncService,
    private readonly metrics: IndexerMetrics,
    @Inject(getQueueToken(CHAIN_EVENTS_QUEUE)) private readonly chainEvents: Queue,
  ) {
    this.redis = new Redis(env.REDIS_URL, {
      connectTimeout: CHECK_TIMEOUT_MS,
      maxRetriesPerRequest: 1,
      connectionName: 'lendpath-indexer-health',
    });
    this.redis.on('error', () => undefined);
    this.server = createServer((request, response) => {
      if (request.url === '/metrics') {
        void this.metricsText().then(
          (text) =>
            response
              .writeHead(200, { 'content-type': this.metrics.registry.contentType })
              .end(text),
          (error: unknown) => response.writeHead(500).end(String(error)),
        );
        return;
      }
      void this.answer(request.url ?? '/').then(([status, body]) => {
        response
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify(body));
      });
    });
  }

  /** The bound address, once listening (port 0 in the env picks a free one). */
  url(): string {
    const { address, port } = this.server.address() as AddressInfo;
    return `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  }

  async onApplicationBootstrap(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.env.INDEXER_HEALTH_PORT, this.env.INDEXER_HEALTH_HOST, resolve);
    });
    this.logger.log(`health on ${this.url()}`);
  }

  async onApplicationShutdown(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    if (this.redis.status === 'ready') {
      await this.redis.quit();
    } else {
      this.redis.disconnect();
    }
  }

  /** Queue depths are read at scrape time; everything else is kept current by the follower. */
  private async metricsText(): Promise<string> {
    const queues = [
      [CHAIN_EVENTS_QUEUE, this.chainEvents],
      [SYNC_QUEUE, this.sync.syncQueue],
    ] as const;
    for (const [name, queue] of queues) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
      for (const [state, count] of Object.entries(counts)) {
        this.metrics.queueJobs.set({ queue: name, state }, count);
      }
    }
    return this.metrics.registry.metrics();
  }

  private async answer(path: string): Promise<[number, object]> {
    switch (path) {
      case '/health':
        return [200, { status: 'ok' }];
      case '/ready': {
        const [postgres, redis] = await Promise.all([
          probe(() => this.dataSource.query('SELECT 1')),
          probe(() => this.redis.ping()),
        ]);
        const follower = this.sync.currentStatus();
        const ready = postgres === 'up' && redis === 'up' && follower.caughtUp && !follower.halted;
        return [
          ready ? 200 : 503,
          {
            status: ready ? 'ready' : 'not ready',
            postgres,
            redis,
            caughtUp: follower.caughtUp,
            halted: follower.halted,
          },
        ];
      }
      default:
        return [404, { status: 'not found' }];
    }
  }
}
