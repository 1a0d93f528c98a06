import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

import type { NextFunction, Request, RequestHandler, Response } from 'express';

import { addDefaultHeaders } from '../answer-head';

/**
 * What follows a request wherever its work goes: the handlers and commands it runs (the same
 * async context) and the BullMQ jobs they enqueue (carried in the job, see queue-telemetry.ts).
 * The logger adds it to every line written inside it (logger.ts).
 */
export interface RequestContext {
  readonly reqId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The request (or the job it caused) this code runs for; undefined outside any. */
export const currentRequest = (): RequestContext | undefined => storage.getStore();

/** Runs `work` as part of the request `reqId` (a job's processor, for one). */
export const runForRequest = <T>(context: RequestContext, work: () => T): T =>
  storage.run(context, work);

/** The header a request id comes in and goes back out on. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * A caller's id is kept when it is one a proxy or client would make (a UUID, hex, a ULID, a
 * trace id): letters, digits and `-_.:`, at most 128. Anything else (a log injection, a
 * megabyte) is replaced by one of ours rather than refused: the id is for tracing, not a gate.
 */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const isRequestId = (value: unknown): value is string =>
  typeof value === 'string' && ACCEPTED_ID.test(value);

/** A request {@link requestContext} has given its id. */
type IdentifiedRequest = Request & { id: string };

/**
 * Told of every request once it is over, its answer sent or its connection closed first
 * (`response.writableFinished` says which): the request log and the request metrics.
 */
export type RequestObserver = (request: Request, response: Response, elapsedMs: number) => void;

/**
 * The first middleware: takes the caller's `X-Request-Id` (or makes one), sends it back on the
 * answer, sets `req.id`, runs the rest of the request inside its context, and tells `observers`
 * when it is over. One `close` listener serves them all (a response emits it after `finish`, or
 * alone when the client went first): the log and the metrics had three listeners and a pino
 * child logger per request between them, about a sixth of a `/health`'s server time. An observer
 * that throws is reported as a process warning: the answer has gone, and an exception thrown
 * from a listener would end the process.
 */
export function requestContext(observers: readonly RequestObserver[] = []): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const started = performance.now();
    const given = request.headers['x-request-id'];
    const reqId = isRequestId(given) ? given : randomUUID();
    (request as IdentifiedRequest).id = reqId;
    addDefaultHeaders(response, [REQUEST_ID_HEADER, reqId]);
    if (observers.length > 0) {
      // `on`, not `once`: a response closes once, and `once` wraps each listener in another.
      response.on('close', () => {
        const elapsedMs = performance.now() - started;
        for (const observe of observers) {
          try {
            observe(request, response, elapsedMs);
          } catch (error) {
            process.emitWarning(error as Error);
          }
        }
      });
    }
    storage.run({ reqId }, next);
  };
}

/** The id {@link requestContext} gave a request. */
export const requestIdOf = (request: Request): string => (request as IdentifiedRequest).id;

/**
 * The route pattern that answered (`/academy/courses/:id`), for logs and metrics: never the raw
 * URL, so the values stay few. `unmatched` when no endpoint did: Express then names the last
 * catch-all middleware route it went through (nestjs-pino's `{/*splat}`) before Nest's 404.
 */
export function routePattern(request: Request, response: Response): string {
  const path = (request.route as { path?: string } | undefined)?.path;
  return path === undefined || (response.statusCode === 404 && path.includes('*'))
    ? 'unmatched'
    : path;
}
