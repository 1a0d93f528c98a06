import './compile-cache';
import 'reflect-metadata';

import { type INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger as PinoNestLogger } from 'nestjs-pino';

import { writeDefaultHeaders } from './answer-head';
import { AppModule, type AppOptions } from './app.module';
import { EnvelopeAdapter } from './common/envelope-adapter';
import { inTurn } from './common/in-turn';
import { requestBodies } from './common/request-bodies';
import { type Env, EnvError, loadEnv } from './config/env';
import { crossOrigin } from './cross-origin';
import { REQUEST_LOG } from './logging/logging.module';
import { REQUEST_ID_HEADER, requestContext, type RequestObserver } from './logging/request-context';
import { ApiMetrics } from './ops/api-metrics';
import { serveOpenApi } from './openapi';
import { securityHeaders } from './security-headers';

/** Builds the configured HTTP app without listening, so tests and main share one setup. */
export async function createApp(env: Env, options: AppOptions = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(env, options),
    new EnvelopeAdapter(),
    // Lines logged while the modules start wait for the pino logger, then go through it. Bodies
    // are read below, where a request has one.
    { bufferLogs: true, bodyParser: false },
  );
  app.useLogger(app.get(PinoNestLogger));
  // What the middlewares below name, every answer carries (answer-head.ts).
  writeDefaultHeaders(app.getHttpAdapter().getInstance());
  // First, so that everything after runs inside the request's context (its id on every line).
  // One middleware for what every request goes through (in-turn.ts says why).
  app.use(
    inTurn(
      requestContext([app.get(ApiMetrics).observeRequest, app.get<RequestObserver>(REQUEST_LOG)]),
      securityHeaders(),
      // The web client is on another origin: it reads Retry-After to count down to when a refused
      // request (a code asked for too soon) would be accepted, and the request id to quote in a
      // report.
      crossOrigin(env.CORS_ORIGINS, ['Retry-After', REQUEST_ID_HEADER]),
      requestBodies(),
    ),
  );
  // Nothing says what serves the API (helmet removed it per answer; this never sets it).
  app.disable('x-powered-by');
  // req.ip is the socket's address unless trusted proxies are configured.
  app.set('trust proxy', env.TRUST_PROXY_HOPS);
  // Every answer is `no-store` (security-headers.ts): no client revalidates, so hashing each
  // answer for an ETag would be CPU spent for nothing.
  app.set('etag', false);
  app.enableShutdownHooks();
  if (env.API_DOCS ?? env.NODE_ENV !== 'production') {
    serveOpenApi(app);
  }
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
  // Nest closes every module on SIGTERM; this bounds how long that may take (a queue worker
  // waiting for an unreachable Redis would otherwise hold the process forever).
  const logger = new Logger('Shutdown');
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        logger.error(`still running ${env.API_SHUTDOWN_TIMEOUT_MS} ms after ${signal}; exiting`);
        process.exit(1);
      }, env.API_SHUTDOWN_TIMEOUT_MS).unref();
    });
  }
  await app.listen(env.API_PORT, env.API_HOST);
  new Logger('Main').log(`api listening on ${await app.getUrl()}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
