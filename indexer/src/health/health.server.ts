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

import { ENV, type Env } from '../config/env';

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
 * `/health` (the process is alive) and `/ready` (Postgres and Redis answer).
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
  ) {
    this.redis = new Redis(env.REDIS_URL, {
      connectTimeout: CHECK_TIMEOUT_MS,
      maxRetriesPerRequest: 1,
      connectionName: 'lendpath-indexer-health',
    });
    this.redis.on('error', () => undefined);
    this.server = createServer((request, response) => {
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

  private async answer(path: string): Promise<[number, object]> {
    switch (path) {
      case '/health':
        return [200, { status: 'ok' }];
      case '/ready': {
        const [postgres, redis] = await Promise.all([
          probe(() => this.dataSource.query('SELECT 1')),
          probe(() => this.redis.ping()),
        ]);
        const ready = postgres === 'up' && redis === 'up';
        return [ready ? 200 : 503, { status: ready ? 'ready' : 'not ready', postgres, redis }];
      }
      default:
        return [404, { status: 'not found' }];
    }
  }
}
