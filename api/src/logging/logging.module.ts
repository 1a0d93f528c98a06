import { lineFormat } from '@lendpath/indexer/log-format';
import { type DynamicModule, Module } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import { LoggerModule } from 'nestjs-pino';
import { type DestinationStream, type LevelWithSilent, type Logger, pino } from 'pino';
import { pinoHttp } from 'pino-http';

import type { Env } from '../config/env';
import { currentRequest, routePattern } from './request-context';

/** Paths probed every few seconds by orchestrators and Prometheus: never an automatic line. */
const UNLOGGED_PATHS = new Set(['/health', '/metrics']);

/**
 * How a finished request is logged. A successful one only at `debug` (LOG_LEVEL=debug turns on
 * a full access log; /metrics counts every request anyway), a refusal at `info`, a failure at
 * `error`: at the default level a busy API writes a line only when something went wrong.
 */
function requestLevel(response: Response, error?: Error): LevelWithSilent {
  if (error !== undefined || response.statusCode >= 500) {
    return 'error';
  }
  return response.statusCode >= 400 ? 'info' : 'debug';
}

/** The fields of a request's one line: small and flat, read at the end of the request. */
const requestFields = (request: Request, response: Response, value: unknown) => ({
  method: request.method,
  path: request.originalUrl.split('?', 1)[0],
  route: routePattern(request, response),
  status: response.statusCode,
  responseTime: (value as { responseTime: number }).responseTime,
});

/**
 * The request log: pino-http's line for each finished request. Kept cheap on the read path: the
 * request id comes from requestContext(), not from pino-http; nothing is bound per request
 * (pino-http's `req` binding would serialize every request's headers into a child logger, so
 * its serializer drops it); the line is built from a few fields at the request's end, and only
 * written when its level is on.
 */
function requestLog(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    wrapSerializers: false,
    serializers: { req: () => undefined, res: () => undefined, err: pino.stdSerializers.err },
    autoLogging: { ignore: (request) => UNLOGGED_PATHS.has(request.url ?? '') },
    customLogLevel: (_request, response, error) => requestLevel(response as Response, error),
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
    customSuccessObject: (request, response, value) =>
      requestFields(request as Request, response as Response, value),
    customErrorObject: (request, response, _error, value) =>
      requestFields(request as Request, response as Response, value),
  }) as RequestHandler;
}

/** The injection token of the request log's middleware (main.ts mounts it). */
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
        // Its per-request middleware is not mounted (no routes): the request log is our own,
        // mounted first in main.ts, and the request id does not depend on it.
        LoggerModule.forRoot({ pinoHttp: { logger }, forRoutes: [] }),
      ],
      providers: [{ provide: REQUEST_LOG, useValue: requestLog(logger) }],
      exports: [REQUEST_LOG],
    };
  }
}
