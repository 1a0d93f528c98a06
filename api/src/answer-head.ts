import type { Express, Response } from 'express';

/**
 * The headers every answer carries unless whoever writes it sets its own (the request id, the
 * security headers, CORS's): the middlewares name them as a request comes in, and they go out
 * with the head.
 *
 * Why not `setHeader` as each middleware runs: Node checks and lower-cases each header's name as
 * it is set, keeps it in a dictionary, then walks that dictionary again to write the head. Given
 * to `writeHead` as one flat list, with nothing set before, the same headers cost half as many
 * instructions (callgrind on node:http, docs/benchmark-history.md, 2026-12-06), and an answer
 * carries eleven. {@link sendJson} writes them so; any other writer (Express's `res.send`, files,
 * the event streams, the pages) gets them set one by one just before its head, by
 * {@link writeDefaultHeaders}'s hook, where a header it set itself wins.
 */
const DEFAULTS = Symbol('defaultHeaders');

type WithDefaults = Response & { [DEFAULTS]?: string[] };

/**
 * Names `pairs` (name, value, name, value, …) as headers of `response`'s answer. Copied by a plain
 * loop: spreading a list into `push` or a new array goes through V8's generic call and iteration
 * machinery, ~1.1k instructions a request for the three middlewares' lists (callgrind).
 */
export function addDefaultHeaders(response: Response, pairs: readonly string[]): void {
  const defaults = ((response as WithDefaults)[DEFAULTS] ??= []);
  for (let index = 0; index < pairs.length; index++) {
    defaults.push(pairs[index]!);
  }
}

/** The defaults not written yet, now the caller's to write (so never written twice). */
function takeDefaults(response: Response): string[] | undefined {
  const defaults = (response as WithDefaults)[DEFAULTS];
  (response as WithDefaults)[DEFAULTS] = undefined;
  return defaults;
}

/** Whether a `Vary` list already names `field` (or varies on everything). */
const varies = (list: string, field: string): boolean =>
  list.split(',').some((name) => {
    const trimmed = name.trim().toLowerCase();
    return trimmed === '*' || trimmed === field.toLowerCase();
  });

/**
 * Sets the defaults of `response` one by one, each unless the writer set it already; a default
 * `Vary` (one field) is added to the writer's own list.
 */
function setDefaults(response: Response, defaults: readonly string[]): void {
  for (let index = 0; index < defaults.length; index += 2) {
    const name = defaults[index]!;
    const value = defaults[index + 1]!;
    const current = response.getHeader(name);
    if (current === undefined) {
      response.setHeader(name, value);
    } else if (name.toLowerCase() === 'vary' && !varies(String(current), value)) {
      response.setHeader(name, `${String(current)}, ${value}`);
    }
  }
}

/**
 * Makes every answer of `app` carry its defaults, whoever writes it: Node writes every head
 * through `writeHead` (`res.end` or `res.write` without one calls it too), so the hook is on the
 * prototype Express gives each response (mounted apps' responses inherit from it).
 */
export function writeDefaultHeaders(app: Express): void {
  const prototype = app.response as WithDefaults;
  // Called below with each response as `this`, as Node calls it.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const writeHead = prototype.writeHead;
  prototype.writeHead = function writeHeadWithDefaults(
    this: Response,
    ...args: Parameters<Response['writeHead']>
  ) {
    const defaults = takeDefaults(this);
    if (defaults !== undefined) {
      setDefaults(this, defaults);
    }
    return writeHead.apply(this, args);
  } as Response['writeHead'];
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers `status` with `json` (omitted for a HEAD): its defaults, type and length in one
 * `writeHead` when nothing was set before; otherwise (a `Retry-After`, say) as any other writer,
 * the defaults set by the hook as the head goes.
 */
export function sendJson(response: Response, status: number, json: string): void {
  const length = String(Buffer.byteLength(json));
  if (response.getHeaderNames().length === 0) {
    const head = takeDefaults(response) ?? [];
    head.push('Content-Type', JSON_TYPE, 'Content-Length', length);
    response.writeHead(status, head);
  } else {
    response.setHeader('Content-Type', JSON_TYPE);
    response.setHeader('Content-Length', length);
    response.statusCode = status;
  }
  response.end(response.req.method === 'HEAD' ? undefined : json);
}
