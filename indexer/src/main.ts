import './compile-cache';

import { type Env, EnvError, loadEnv } from './config/env';
import { warmStart } from './follower/warm-start';

/**
 * The indexer's process. It imports only what the warm start needs before the app: the app
 * (app.ts, Nest and everything under it) is loaded after the follower's first calls are on
 * their way, so that the node answers them while Node loads it (follower/warm-start.ts).
 */
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
  const warm = await warmStart(env);
  const { createIndexer } = await import('./app.js');
  const { Logger } = await import('@nestjs/common');
  const app = await createIndexer(env, warm);
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
