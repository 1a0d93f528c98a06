/**
 * The floor for `api/bench/http.ts`: the least any server could do to answer the API's catalogue
 * feed, community feed page, marketplace page and member detail. Bare `node:http` and a `pg` Pool
 * of 10 connections (what TypeORM opens by default), running exactly the API's SQL text
 * (imported from the built API) as named prepared statements, as the API does (with a generic
 * plan, on a second pool, where the API's `Sql` asks for one), and
 * `JSON.stringify`-ing the rows in the API's `{ success, message, data }` envelope. No framework,
 * no auth, no validation, no shaping: the caller is fixed at start-up.
 *
 *   DATABASE_URL=… FLOOR_PORT=… BENCH_CALLER_ID=<uuid> BENCH_CHAIN_ID=31337 \
 *     node api/bench/floor-server.ts
 */
import { createServer, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import pg from 'pg';

const { DATABASE_URL, FLOOR_PORT, BENCH_CALLER_ID, BENCH_CHAIN_ID } = process.env;
if (
  DATABASE_URL === undefined ||
  FLOOR_PORT === undefined ||
  BENCH_CALLER_ID === undefined ||
  BENCH_CHAIN_ID === undefined
) {
  console.error('floor: DATABASE_URL, FLOOR_PORT, BENCH_CALLER_ID and BENCH_CHAIN_ID are required');
  process.exit(1);
}
const callerId = BENCH_CALLER_ID;
const chainId = Number(BENCH_CHAIN_ID);

/** A module of the built API (CommonJS; its named exports are read by Node's CJS interop). */
async function fromDist<T>(path: string): Promise<T> {
  return (await import(pathToFileURL(join(import.meta.dirname, '..', 'dist', path)).href)) as T;
}
// The stores' own statements, so that both servers prepare the same texts.
const { CATALOGUE_SQL } = await fromDist<{ CATALOGUE_SQL: string }>('academy/academy.store.js');
const { CATEGORY_FEED_SQL } = await fromDist<{ CATEGORY_FEED_SQL: string }>(
  'community/community.store.js',
);
const { GET_ME_SQL } = await fromDist<{ GET_ME_SQL: string }>('users/users.store.js');
const { pageSql, TOTAL_SQL: MARKETPLACE_COUNT_SQL } = await fromDist<{
  pageSql: (where: readonly string[]) => { page: string; count: string };
  TOTAL_SQL: string;
}>('lending/loan-requests.store.js');
/** The marketplace page without filters, and its total, as LoanRequestsStore.page reads them. */
const { page: MARKETPLACE_SQL } = pageSql(['r.chain_id = $1', 'r.status IS NOT NULL']);

const poolConfig: pg.PoolConfig = {
  connectionString: DATABASE_URL,
  max: 10,
  // As the API's pool (api/src/app.module.ts): idle connections are kept.
  idleTimeoutMillis: 0,
  application_name: 'lendpath-bench-floor',
};
const pool = new pg.Pool(poolConfig);
/** As the API's `Sql` runs the statements it asks generic plans for: a pool of its own. */
const genericPool = new pg.Pool({
  ...poolConfig,
  options: '-c plan_cache_mode=force_generic_plan',
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

/**
 * As the API runs its hot reads (api/src/database/sql.ts): named, so parsed once per connection,
 * and with a generic plan where the API asks for one (the category feed, the marketplace page).
 */
const names = new Map<string, string>();
function rows(text: string, values: unknown[], plan: 'auto' | 'generic' = 'auto'): Promise<Row[]> {
  let name = names.get(text);
  if (name === undefined) {
    name = `floor_${names.size}`;
    names.set(text, name);
  }
  return (plan === 'generic' ? genericPool : pool)
    .query<Row>({ name, text, values })
    .then((result) => result.rows);
}

const pageOf = (url: URL, limit: number) => {
  const page = Number(url.searchParams.get('page') ?? 1);
  const size = Number(url.searchParams.get('limit') ?? limit);
  return { page, limit: size, offset: (page - 1) * size };
};

const FEED_PATH = /^\/community\/feed\/([^/]+)$/;

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://floor');
  const feed = FEED_PATH.exec(url.pathname);
  let data: Promise<unknown>;
  if (url.pathname === '/health') {
    send(response, 200, { status: 'ok' }, 'ok');
    return;
  } else if (url.pathname === '/academy/feed') {
    data = rows(CATALOGUE_SQL, [callerId]);
  } else if (feed !== null) {
    const { limit, offset } = pageOf(url, 20);
    data = rows(
      CATEGORY_FEED_SQL,
      [callerId, limit, offset, decodeURIComponent(feed[1]!)],
      'generic',
    );
  } else if (url.pathname === '/microlending/requests') {
    const { page, limit, offset } = pageOf(url, 10);
    data = Promise.all([
      rows(MARKETPLACE_SQL, [chainId, limit, offset], 'generic'),
      rows(MARKETPLACE_COUNT_SQL, [chainId]),
    ]).then(([loanRequests, [count]]) => {
      const total = count?.total as number;
      return { loanRequests, pagination: { page, limit, total, pages: Math.ceil(total / limit) } };
    });
  } else if (url.pathname === '/users/me') {
    data = rows(GET_ME_SQL, [callerId]);
  } else {
    send(response, 404, null, 'Not found');
    return;
  }
  data.then(
    (answer) => send(response, 200, answer),
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
    void Promise.all([pool.end(), genericPool.end()]).finally(() => process.exit(0));
  });
}
