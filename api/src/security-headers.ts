import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** Where the OpenAPI page and its documents are served (see openapi.ts). */
export const DOCS_PATHS = ['/docs', '/docs-json', '/docs-yaml'] as const;

/** Where the queue dashboard is served when configured (ops/queue-dashboard.module.ts). */
export const QUEUE_DASHBOARD_PATH = '/admin/queues';

const isPage = (path: string) =>
  [...DOCS_PATHS, QUEUE_DASHBOARD_PATH].some(
    (page) => path === page || path.startsWith(`${page}/`),
  );

/**
 * What every answer carries. The API answers JSON and files, never pages, so its policy allows
 * nothing to load or run and no page to frame it; resources stay loadable cross-origin because
 * the web client is served from another origin (CORS decides who may read the JSON). Helmet also
 * drops X-Powered-By and sends nosniff, HSTS, no-referrer and the rest of its defaults.
 */
const api = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
    },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  frameguard: { action: 'deny' },
});

/**
 * The pages the API serves (Swagger UI, and the queue dashboard when configured): their own
 * scripts, styles and images, still never in a frame (a framed "Authorize" box or "Retry all"
 * button is a clickjacking target).
 */
const pages = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Both set style attributes as they render; they run no code.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
    },
  },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  frameguard: { action: 'deny' },
});

/**
 * Security headers, and `Cache-Control: no-store` by default: answers carry access tokens,
 * profiles, balances and scores, which no browser cache or proxy between should keep. Public
 * files (uploads, Academy figures) set their own caching where they are served.
 */
export function securityHeaders(): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    response.setHeader('Cache-Control', 'no-store');
    (isPage(request.path) ? pages : api)(request, response, next);
  };
}
