import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

import { addDefaultHeaders } from './answer-head';

/** Where the OpenAPI page and its documents are served (see openapi.ts). */
export const DOCS_PATHS = ['/docs', '/docs-json', '/docs-yaml'] as const;

/** Where the queue dashboard is served when configured (ops/queue-dashboard.module.ts). */
export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/** The page a loan-notice mail's link opens (`GET`; notices/notices.controller.ts). */
export const STOP_PAGE_PATH = '/notices/stop';

/** Where the docs and the dashboard are served, and the prefix of what they serve below. */
const PAGE_PREFIXES = [...DOCS_PATHS, QUEUE_DASHBOARD_PATH].map(
  (page) => [page, `${page}/`] as const,
);

const isPage = (request: Request): boolean => {
  const path = request.path;
  return (
    (request.method === 'GET' && path === STOP_PAGE_PATH) ||
    PAGE_PREFIXES.some(([page, below]) => path === page || path.startsWith(below))
  );
};

/**
 * What every other answer carries: JSON, and the files of uploads and Academy figures. It is
 * OWASP's set for REST answers: no caching by default (answers carry access tokens, profiles,
 * balances and scores; public files set their own caching where they are served), no sniffing,
 * HTTPS only, never framed, and a policy that lets nothing load or run should a browser render
 * one as a document. Resources stay loadable cross-origin because the web client is served from
 * another origin (CORS, cross-origin.ts, decides who may read the JSON).
 *
 * Helmet's other defaults are not sent here: Cross-Origin-Opener-Policy, Origin-Agent-Cluster,
 * X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies and
 * X-XSS-Protection act only on an HTML page a browser shows (its window opener, its agent
 * cluster, its links, IE 8's download box, Flash's policy files, a retired XSS filter), and these
 * answers are not pages. Each header is work on every answer (Node checks its name and value and
 * writes its bytes): with them, helmet cost a fifth of a `/health`'s server time
 * (`npm run bench -w api -- --only health`, without it). The pages below still get them all.
 */
const API_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Cache-Control', 'no-store'],
  [
    'Content-Security-Policy',
    "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
  ],
  ['Cross-Origin-Resource-Policy', 'cross-origin'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
];

/** {@link API_HEADERS} as the one list answer-head.ts takes (name, value, name, value, …). */
const API_HEADER_LIST = API_HEADERS.flat();

/**
 * The pages the API serves (Swagger UI, the queue dashboard when configured, and the loan-notice
 * stop page, which sets a stricter policy of its own): their own scripts, styles and images,
 * still never in a frame (a framed "Authorize" box or "Retry all" button is a clickjacking
 * target), and every header helmet sends for a page.
 */
const pages = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Swagger UI and the dashboard set style attributes as they render; they run no code.
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
 * Security headers on every answer: {@link API_HEADERS} (written with the head, answer-head.ts;
 * a file served with caching of its own keeps its `Cache-Control`), or helmet's for the pages.
 */
export function securityHeaders(): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    if (isPage(request)) {
      response.setHeader('Cache-Control', 'no-store');
      pages(request, response, next);
      return;
    }
    addDefaultHeaders(response, API_HEADER_LIST);
    next();
  };
}
