import { lineFormat } from '@lendpath/indexer/log-format';
import { type DynamicModule, Module } from '@nestjs/common';
import type { Response } from 'express';
import { LoggerModule } from 'nestjs-pino';
import { type DestinationStream, type Level, type Logger, pino } from 'pino';

import type { Env } from '../config/env';
import { currentRequest, type RequestObserver, requestIdOf, routePattern } from './request-context';

/** Paths probed every few seconds by orchestrators and Prometheus: never an automatic line. */
const UNLOGGED_PATHS = new Set(['/health', '/metrics']);

/**
 * How a request is logged. A successful one only at `debug` (LOG_LEVEL=debug turns on a full
 * access log; /metrics counts every request anyway), a refusal at `info`, a failure at `error`:
 * at the default level a busy API writes a line only when something went wrong.
 */
function requestLevel(response: Response): Level {
  if (response.statusCode >= 500) {
    return 'error';
  }
  return response.statusCode >= 400 ? 'info' : 'debug';
}

/**
 * The request log: one line for each request, written when it is over (request-context.ts) and
 * only when its level is on, so a read that succeeds costs it nothing but that check. The line
 * is small and flat, and names the request by the id its context gave it (it is written from the
 * response's `close`, which may come outside that context).
 */
function requestLog(logger: Logger): RequestObserver {
  return (request, response, elapsedMs) => {
    const level = requestLevel(response);
    if (!logger.isLevelEnabled(level)) {
      return;
    }
    const path = request.originalUrl.split('?', 1)[0]!;
    if (UNLOGGED_PATHS.has(path)) {
      return;
    }
    const fields = {
      reqId: requestIdOf(request),
      method: request.method,
      path,
      route: routePattern(request, response),
      status: response.statusCode,
      responseTime: Math.round(elapsedMs * 10) / 10,
    };
    if (!response.writableFinished) {
      logger[level](fields, 'request closed before its answer was sent');
    } else {
      logger[level](fields, level === 'error' ? 'request failed' : 'request completed');
    }
  };
}

/** The injection token of the request log (main.ts hands it to requestContext). */
export const REQUEST_LOG = Symbol('REQUEST_LOG');

/**
 * Structured logs: Nest's loggers write through pino (nestjs-pino), and each request gets its
 * line. Every line written inside a request, or inside a job a request enqueued, carries its
 * `reqId` (request-context.ts, queue-telemetry.ts).
 */
@Module({})
export class LoggingModule {
  static forRoot(env: Env, destination?: DestinationStream): DynamicModule {
    const [options, stream] = lineFormat('api', env, destination);
    const logger = pino(
      {
        ...options,
        // A new object each line: pino merges the line's own fields into what this returns.
        mixin: () => {
          const reqId = currentRequest()?.reqId;
          return reqId === undefined || reqId === '' ? {} : { reqId };
        },
      },
      stream,
    );
    return {
      module: LoggingModule,
      imports: [
        // Its per-request middleware is not mounted (no routes): the request log is our own
        // (requestLog above, told by requestContext), and the request id does not depend on it.
        LoggerModule.forRoot({ pinoHttp: { logger }, forRoutes: [] }),
      ],
      providers: [{ provide: REQUEST_LOG, useValue: requestLog(logger) }],
      exports: [REQUEST_LOG],
    };
  }
}
