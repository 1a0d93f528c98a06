/**
 * The floor for `api/bench/http.ts`: the least any server could do to answer the API's catalogue
 * feed and community feed page. Bare `node:http` and a `pg` Pool of 10 connections (what TypeORM
 * opens by default), running exactly the API's SQL text (CATALOGUE_SQL and FEED_SQL, imported
 * from the built API) and `JSON.stringify`-ing the rows in the API's `{ success, message, data }`
 * envelope. No framework, no auth, no validation, no shaping: the caller is fixed at start-up.
 *
 *   DATABASE_URL=… FLOOR_PORT=… BENCH_CALLER_ID=<uuid> node api/bench/floor-server.ts
 */
import { createServer, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import pg from 'pg';

const { DATABASE_URL, FLOOR_PORT, BENCH_CALLER_ID } = process.env;
if (DATABASE_URL === undefined || FLOOR_PORT === undefined || BENCH_CALLER_ID === undefined) {
  console.error('floor: DATABASE_URL, FLOOR_PORT and BENCH_CALLER_ID are required');
  process.exit(1);
}
const callerId = BENCH_CALLER_ID;

/** A module of the built API (CommonJS; its named exports are read by Node's CJS interop). */
async function fromDist<T>(path: string): Promise<T> {
  return (await import(pathToFileURL(join(import.meta.dirname, '..', 'dist', path)).href)) as T;
}
const { CATALOGUE_SQL } = await fromDist<{ CATALOGUE_SQL: string }>('academy/academy-reads.js');
const { FEED_SQL } = await fromDist<{ FEED_SQL: string }>(
  'community/queries/get-feed/get-feed.query.js',
);

const pool = new pg.Pool({
  connectionString: DATABASE_URL,
  max: 10,
  application_name: 'lendpath-bench-floor',
});

function send(response: ServerResponse, status: number, data: unknown, message = 'OK'): void {
  const body = JSON.stringify({ success: status < 400, message, data });
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

type Row = Record<string, unknown>;

const FEED_PATH = /^\/community\/feed\/([^/]+)$/;

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://floor');
  const feed = FEED_PATH.exec(url.pathname);
  let rows: Promise<Row[]>;
  if (url.pathname === '/health') {
    send(response, 200, { status: 'ok' }, 'ok');
    return;
  } else if (url.pathname === '/academy/feed') {
    rows = pool.query<Row>(CATALOGUE_SQL, [callerId]).then((result) => result.rows);
  } else if (feed !== null) {
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    rows = pool
      .query<Row>(FEED_SQL, [decodeURIComponent(feed[1]!), callerId, limit, (page - 1) * limit])
      .then((result) => result.rows);
  } else {
    send(response, 404, null, 'Not found');
    return;
  }
  rows.then(
    (data) => send(response, 200, data),
    (error: unknown) => send(response, 500, null, (error as Error).message),
  );
});

server.listen(Number(FLOOR_PORT), '127.0.0.1', () => {
  console.log(`floor listening on http://127.0.0.1:${FLOOR_PORT}`);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    void pool.end().finally(() => process.exit(0));
  });
}
