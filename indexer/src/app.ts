import 'reflect-metadata';

import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger as PinoNestLogger } from 'nestjs-pino';

import type { Env } from './config/env';
import type { WarmStart } from './follower/warm-start';
import { IndexerModule } from './indexer.module';

/**
 * The indexer as a standalone Nest context (no HTTP API; health runs on its own port), with the
 * follower's first calls when main.ts sent them before loading this.
 */
export async function createIndexer(
  env: Env,
  warm: WarmStart | null = null,
): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(IndexerModule.forRoot(env, warm), {
    // Lines logged while the modules start wait for the pino logger, then go through it.
    bufferLogs: true,
  });
  app.useLogger(app.get(PinoNestLogger));
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  return app;
}
