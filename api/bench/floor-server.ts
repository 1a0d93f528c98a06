/**
 * The floor for `api/bench/http.ts`: the least any server could do to answer the API's catalogue
 * feed, community feed page, marketplace page and member detail. Bare `node:http` with the reads
 * of lib/floor-reads.ts (the API's own SQL on `pg`, the rows in the API's envelope). No framework,
 * no auth, no validation, no shaping: the caller is fixed at start-up.
 *
 *   DATABASE_URL=… FLOOR_PORT=… BENCH_CALLER_ID=<uuid> BENCH_CHAIN_ID=31337 \
 *     node api/bench/floor-server.ts
 */
import { createServer } from 'node:http';

import { floorEnv, floorReads, pageOf, send, sendWhenDone } from './lib/floor-reads.ts';

const env = floorEnv('lendpath-bench-floor');
const reads = floorReads(env);

const FEED_PATH = /^\/community\/feed\/([^/]+)$/;

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://floor');
  const query = url.searchParams;
  const feed = FEED_PATH.exec(url.pathname);
  if (url.pathname === '/health') {
    send(response, 200, { status: 'ok' }, 'ok');
  } else if (url.pathname === '/academy/feed') {
    sendWhenDone(response, reads.catalogue());
  } else if (feed !== null) {
    const page = pageOf(query.get('page'), query.get('limit'), 20);
    sendWhenDone(response, reads.feed(decodeURIComponent(feed[1]!), page));
  } else if (url.pathname === '/microlending/requests') {
    sendWhenDone(response, reads.marketplace(pageOf(query.get('page'), query.get('limit'), 10)));
  } else if (url.pathname === '/users/me') {
    sendWhenDone(response, reads.me());
  } else {
    send(response, 404, null, 'Not found');
  }
});

server.listen(env.port, '127.0.0.1', () => {
  console.log(`floor listening on http://127.0.0.1:${env.port}`);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    void reads.end().finally(() => process.exit(0));
  });
}
