import type { NextFunction, Request, RequestHandler, Response } from 'express';

import { addDefaultHeaders } from './answer-head';

/** What a preflight allows: the methods Nest's `enableCors` (the cors package) allowed. */
const ALLOWED_METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE';

/**
 * CORS for the web client, which is served from another origin: an answer names the caller's
 * origin in `Access-Control-Allow-Origin` only when it is one of `origins` (the env's
 * CORS_ORIGINS), and exposes `exposed` to it. Every answer varies by `Origin`, so no cache hands
 * one origin's answer to another.
 *
 * Any OPTIONS is a preflight, answered here with 204 and never routed: it allows the methods above
 * and the headers the browser asks for, and a browser only goes on to the real request when the
 * origin was allowed too. No credentials are allowed: the client sends its token in a header,
 * never a cookie.
 *
 * It answers as `app.enableCors({ origin, exposedHeaders })` did (api/test/cross-origin.spec.ts),
 * less the exposed-headers list it also sent origins it refused, which cannot read the answer.
 * The cors package rebuilt its options and header lists and re-parsed `Vary` on every answer:
 * about a tenth of a `/health`'s server time (`npm run bench -w api -- --only health`).
 */
export function crossOrigin(
  origins: readonly string[],
  exposed: readonly string[],
): RequestHandler {
  const allowed = new Set(origins);
  const exposedList = exposed.join(',');
  const vary = ['Vary', 'Origin'];
  return (request: Request, response: Response, next: NextFunction) => {
    const origin = request.headers.origin;
    if (origin !== undefined && allowed.has(origin)) {
      addDefaultHeaders(response, [
        'Access-Control-Allow-Origin',
        origin,
        'Access-Control-Expose-Headers',
        exposedList,
      ]);
    }
    if (request.method !== 'OPTIONS') {
      // With the head (answer-head.ts): a writer's own `Vary` gets `Origin` added.
      addDefaultHeaders(response, vary);
      next();
      return;
    }
    response.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
    const asked = request.headers['access-control-request-headers'];
    if (asked !== undefined) {
      response.setHeader('Access-Control-Allow-Headers', asked);
    }
    response.setHeader('Vary', 'Origin, Access-Control-Request-Headers');
    response.statusCode = 204;
    response.setHeader('Content-Length', '0');
    response.end();
  };
}
