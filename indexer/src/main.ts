import './compile-cache';
import 'reflect-metadata';

import { type INestApplicationContext, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger as PinoNestLogger } from 'nestjs-pino';

import { type Env, EnvError, loadEnv } from './config/env';
import { IndexerModule } from './indexer.module';

/** The indexer as a standalone Nest context (no HTTP API; health runs on its own port). */
export async function createIndexer(env: Env): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(IndexerModule.forRoot(env), {
    // Lines logged while the modules start wait for the pino logger, then go through it.
    bufferLogs: true,
  });
  app.useLogger(app.get(PinoNestLogger));
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  return app;
}

async function main(): Promise<void> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await createIndexer(env);
  await app.init();
  // Nest closes every module on SIGTERM; this bounds how long that may take.
  const logger = new Logger('Shutdown');
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.log(`${signal}: stopping (at most ${env.INDEXER_SHUTDOWN_TIMEOUT_MS} ms)`);
      setTimeout(() => {
        logger.error(
          `still running ${env.INDEXER_SHUTDOWN_TIMEOUT_MS} ms after ${signal}; exiting`,
        );
        process.exit(1);
      }, env.INDEXER_SHUTDOWN_TIMEOUT_MS).unref();
    });
  }
  new Logger('Main').log('indexer started');
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
