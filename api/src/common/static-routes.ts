import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';

/** What this reads of the router's layers and routes (Express 5's `router` package). */
interface Route {
  path: unknown;
  methods: Record<string, boolean | undefined>;
  _handlesMethod(method: string): boolean;
  dispatch(request: Request, response: Response, next: NextFunction): void;
}

interface Layer {
  route?: Route;
  handle: RequestHandler;
  match(path: string): unknown;
}

/** A path with nothing for the router to match but its own characters (no `:id`, `*`, `{…}`). */
const LITERAL_PATH = /^(?:\/[A-Za-z0-9._~-]+)+$/;

/** Marks a request a route of the table passed on, so that the router's own walk skips it. */
const PASSED_ON = Symbol('passedOnByStaticRoute');

type Marked = Request & { [PASSED_ON]?: Layer };

/**
 * The routes whose path has no parameter, found by one look-up. Express finds a request's route
 * by walking its routes in order, matching each one's pattern against the path: `GET /users/me`
 * came after 12 routes, the catalogue after 34, and the walk cost ~2 % of such a read's
 * instructions (callgrind). Installed after the last middleware, this answers a request whose
 * method and path are exactly those of a route below it the way the router would (through the route, as its
 * layer would), and hands every other request to the router.
 *
 * A route is in the table only where the router would have picked it: the table ends at the first
 * middleware after it (a request must not skip one), and a path an earlier route also matches
 * for that method is left to the router. A route whose handler passes the request on (`next()`)
 * goes on where the router would have: the rest of the routes after it. Other paths (a trailing
 * slash, another case, HEAD for a GET route) go to the router, which matches them as before.
 */
export function staticRoutes(app: Express): RequestHandler {
  let table: Map<string, Map<string, Layer>> | undefined;
  const staticRoute: RequestHandler = (request, response, next) => {
    // Built on the first request: Nest adds the routes after the middlewares, when it starts.
    table ??= tableOf(app.router.stack as unknown as Layer[], staticRoute);
    const url = request.url;
    const query = url.indexOf('?');
    const layer = table.get(query === -1 ? url : url.slice(0, query))?.get(request.method);
    if (layer === undefined) {
      next();
      return;
    }
    // What the router gives a request it matched to a route without parameters, and what the
    // route's layer does with it (the route sets `req.route`; each of its handlers' own layer
    // passes on what it throws).
    request.params = {};
    try {
      layer.route!.dispatch(request, response, (error?: unknown) => {
        if (error === undefined || error === null || error === 'route') {
          (request as Marked)[PASSED_ON] = layer;
        }
        next(error);
      });
    } catch (error) {
      next(error);
    }
  };
  return staticRoute;
}

/** Path → method → route layer, for the routes after `staticRoute` up to the next middleware. */
function tableOf(stack: Layer[], staticRoute: RequestHandler): Map<string, Map<string, Layer>> {
  const table = new Map<string, Map<string, Layer>>();
  const start = stack.findIndex((layer) => layer.handle === staticRoute) + 1;
  if (start === 0) {
    return table;
  }
  let end = start;
  while (end < stack.length && stack[end]!.route !== undefined) {
    end++;
  }
  for (let index = start; index < end; index++) {
    const layer = stack[index]!;
    const { path, methods } = layer.route!;
    if (typeof path !== 'string' || !LITERAL_PATH.test(path)) {
      continue;
    }
    for (const [name, handled] of Object.entries(methods)) {
      const method = name.toUpperCase();
      const taken = stack
        .slice(start, index)
        .some((earlier) => earlier.route!._handlesMethod(method) && earlier.match(path) !== false);
      if (!handled || name === '_all' || taken) {
        continue;
      }
      const byMethod = table.get(path) ?? new Map<string, Layer>();
      byMethod.set(method, layer);
      table.set(path, byMethod);
      skipWhenPassedOn(layer);
    }
  }
  return table;
}

/**
 * After a route of the table passes a request on, the router walks its routes from the table's
 * place and comes to that route again: it goes on past it, as it would have the first time.
 */
function skipWhenPassedOn(layer: Layer): void {
  const handle = layer.handle;
  if ((handle as { [PASSED_ON]?: true })[PASSED_ON]) {
    return;
  }
  const skipping = (request: Request, response: Response, next: NextFunction): unknown => {
    if ((request as Marked)[PASSED_ON] === layer) {
      (request as Marked)[PASSED_ON] = undefined;
      next();
      return undefined;
    }
    return handle(request, response, next);
  };
  layer.handle = Object.assign(skipping, { [PASSED_ON]: true as const });
}
