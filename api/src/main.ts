import 'reflect-metadata';

import { type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

import { AppModule } from './app.module';
import { type Env, EnvError, loadEnv } from './config/env';

/** Builds the configured HTTP app without listening, so tests and main share one setup. */
export async function createApp(env: Env): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.forRoot(env), {
    logger: env.NODE_ENV === 'test' ? ['error', 'warn'] : undefined,
  });
  app.enableCors({ origin: env.CORS_ORIGINS });
  app.enableShutdownHooks();
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
  const app = await createApp(env);
  await app.listen(env.API_PORT, env.API_HOST);
  console.log(`api listening on ${await app.getUrl()}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
