import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

import express, { type Express, type Request } from 'express';

import { staticRoutes } from './static-routes';

interface RouteLayer {
  route?: unknown;
  match(path: string): unknown;
}

/** An Express app with the table after its middlewares, as main.ts mounts it; `routes` add the routes. */
async function serve(routes: (app: Express, ran: string[]) => void) {
  const app = express();
  const ran: string[] = [];
  app.use(staticRoutes(app));
  routes(app, ran);
  app.use((request: Request, response) => {
    ran.push(`404 ${request.method} ${request.path}`);
    response.status(404).send('none');
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  const call = async (path: string, method = 'GET') => {
    const answer = await fetch(`http://127.0.0.1:${port}${path}`, { method });
    return { status: answer.status, body: method === 'HEAD' ? '' : await answer.text() };
  };
  return { app, call, ran, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe(staticRoutes.name, () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('answers a literal path by its route, with the route and no params, query string or not', async () => {
    const served = await serve((app) => {
      app.get('/other', (_request, response) => response.send('other'));
      app.get('/users/me', (request, response) =>
        response.json({ route: request.route?.path, params: request.params }),
      );
      app.post('/users/me', (_request, response) => response.send('posted'));
    });
    close = served.close;
    expect(await served.call('/users/me')).toEqual({
      status: 200,
      body: JSON.stringify({ route: '/users/me', params: {} }),
    });
    // Once the table is built (first request), its answers match no route's pattern.
    const matched: string[] = [];
    for (const layer of served.app.router.stack as unknown as RouteLayer[]) {
      const match = layer.match.bind(layer);
      if (layer.route !== undefined) {
        layer.match = (path) => {
          matched.push(path);
          return match(path);
        };
      }
    }
    expect((await served.call('/users/me?page=2')).status).toBe(200);
    expect(await served.call('/users/me', 'POST')).toEqual({ status: 200, body: 'posted' });
    expect(matched).toEqual([]);
    await served.call('/users/me/');
    expect(matched).toEqual(['/users/me/', '/users/me/']);
  });

  it('leaves to the router what it matches beyond the literal path, as it did before', async () => {
    const served = await serve((app) => {
      app.get('/users/me', (_request, response) => response.send('me'));
      app.get('/items/:id', (request, response) => response.send(`item ${request.params.id}`));
    });
    close = served.close;
    // Another case, a trailing slash, HEAD for GET: the router's matching, not the table's.
    expect(await served.call('/Users/Me')).toEqual({ status: 200, body: 'me' });
    expect(await served.call('/users/me/')).toEqual({ status: 200, body: 'me' });
    expect((await served.call('/users/me', 'HEAD')).status).toBe(200);
    expect(await served.call('/items/7')).toEqual({ status: 200, body: 'item 7' });
    expect((await served.call('/users/me', 'DELETE')).status).toBe(404);
  });

  it('keeps a path an earlier route also matches for that route', async () => {
    const served = await serve((app) => {
      app.get('/items/:id', (request, response) => response.send(`item ${request.params.id}`));
      app.get('/items/new', (_request, response) => response.send('new'));
    });
    close = served.close;
    expect(await served.call('/items/new')).toEqual({ status: 200, body: 'item new' });
  });

  it('does not skip a middleware: routes after one are left to the router', async () => {
    const served = await serve((app, ran) => {
      app.use((_request, _response, next) => {
        ran.push('middleware');
        next();
      });
      app.get('/after', (_request, response) => response.send('after'));
    });
    close = served.close;
    expect(await served.call('/after')).toEqual({ status: 200, body: 'after' });
    expect(served.ran).toEqual(['middleware']);
  });

  it('goes on past a route that passes the request on, as the router would, once', async () => {
    const served = await serve((app, ran) => {
      app.get('/twice', (_request, _response, next) => {
        ran.push('first');
        next();
      });
      app.get('/twice', (_request, response) => {
        ran.push('second');
        response.send('second');
      });
      app.get('/passes', (_request, _response, next) => {
        ran.push('passes');
        next('route');
      });
    });
    close = served.close;
    expect(await served.call('/twice')).toEqual({ status: 200, body: 'second' });
    expect(await served.call('/passes')).toEqual({ status: 404, body: 'none' });
    expect(served.ran).toEqual(['first', 'second', 'passes', '404 GET /passes']);
  });

  it('passes what a route throws to the error handlers', async () => {
    const served = await serve((app) => {
      app.get('/throws', () => {
        throw new Error('broken');
      });
      app.use(
        (
          error: Error,
          _request: Request,
          response: express.Response,
          _next: express.NextFunction,
        ) => response.status(500).send(error.message),
      );
    });
    close = served.close;
    expect(await served.call('/throws')).toEqual({ status: 500, body: 'broken' });
  });
});
