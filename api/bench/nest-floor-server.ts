/**
 * The floor of the chosen stack, for `api/bench/http.ts`: the least a NestJS app on Express can
 * do to answer the same four endpoints as bench/floor-server.ts, with the same reads
 * (lib/floor-reads.ts). One controller, its routes on Nest's Express adapter, the parameters
 * through Nest's `@Param`/`@Query`, and the answer written by the handler (`@Res()`), so that
 * Nest's response path does no more than the bare floor's; no middleware, no body parser, no
 * ETag, no logger, no auth, no validation. What it costs beyond the bare floor is what Express's
 * routing and Nest's pipeline cost every request: a share of the gap no code of the API can
 * close, printed beside the API's own.
 *
 * Node's type stripping has no decorator syntax, so Nest's decorators are applied as the
 * functions they are, after each class.
 *
 *   DATABASE_URL=… FLOOR_PORT=… BENCH_CALLER_ID=<uuid> BENCH_CHAIN_ID=31337 \
 *     node api/bench/nest-floor-server.ts
 */
import 'reflect-metadata';

import type { ServerResponse } from 'node:http';

import { Controller, Get, Module, Param, Query, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';

import { floorEnv, floorReads, pageOf, send, sendWhenDone } from './lib/floor-reads.ts';

const env = floorEnv('lendpath-bench-nest-floor');
const reads = floorReads(env);

class FloorController {
  health(response: ServerResponse): void {
    send(response, 200, { status: 'ok' }, 'ok');
  }

  catalogue(response: ServerResponse): void {
    sendWhenDone(response, reads.catalogue());
  }

  feed(categoryId: string, page: string, limit: string, response: ServerResponse): void {
    sendWhenDone(response, reads.feed(categoryId, pageOf(page, limit, 20)));
  }

  marketplace(page: string, limit: string, response: ServerResponse): void {
    sendWhenDone(response, reads.marketplace(pageOf(page, limit, 10)));
  }

  me(response: ServerResponse): void {
    sendWhenDone(response, reads.me());
  }
}

/** `@Get(path)` on `method`, with `parameters` as its parameters' decorators in order. */
function route(method: keyof FloorController, path: string, parameters: ParameterDecorator[]) {
  const prototype = FloorController.prototype;
  parameters.forEach((decorate, index) => decorate(prototype, method, index));
  Get(path)(prototype, method, Object.getOwnPropertyDescriptor(prototype, method)!);
}
route('health', 'health', [Res()]);
route('catalogue', 'academy/feed', [Res()]);
route('feed', 'community/feed/:categoryId', [
  Param('categoryId'),
  Query('page'),
  Query('limit'),
  Res(),
]);
route('marketplace', 'microlending/requests', [Query('page'), Query('limit'), Res()]);
route('me', 'users/me', [Res()]);
Controller()(FloorController);

class FloorModule {}
Module({ controllers: [FloorController] })(FloorModule);

const app = await NestFactory.create<NestExpressApplication>(FloorModule, new ExpressAdapter(), {
  bodyParser: false,
  logger: false,
});
app.disable('x-powered-by');
app.set('etag', false);
await app.listen(env.port, '127.0.0.1');
console.log(`nest floor listening on http://127.0.0.1:${env.port}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => reads.end())
      .finally(() => process.exit(0));
  });
}
