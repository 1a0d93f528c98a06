/**
 * What both floors (bench/floor-server.ts on bare node:http, bench/nest-floor-server.ts on Nest)
 * do for each endpoint: exactly the API's SQL text (imported from the built API) on a `pg` Pool
 * of 10 connections (what TypeORM opens by default) as named prepared statements, as the API
 * does (with a generic plan, on a second pool, where the API's `Sql` asks for one), and the rows
 * `JSON.stringify`-ed in the API's `{ success, message, data }` envelope. No auth, no
 * validation, no shaping: the caller is fixed at start-up.
 */
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import pg from 'pg';

/** A module of the built API (CommonJS; its named exports are read by Node's CJS interop). */
async function fromDist<T>(path: string): Promise<T> {
  return (await import(
    pathToFileURL(join(import.meta.dirname, '..', '..', 'dist', path)).href
  )) as T;
}
// The stores' own statements, so that every server prepares the same texts.
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

export interface FloorEnv {
  databaseUrl: string;
  /** Postgres's application_name for the pools' connections (the bench counts their CPU by it). */
  application: string;
  callerId: string;
  chainId: number;
}

type Row = Record<string, unknown>;

/** A page as the API's query strings give it (`page`, `limit`), with its row offset. */
export interface Page {
  page: number;
  limit: number;
  offset: number;
}

export const pageOf = (
  page: string | null | undefined,
  limit: string | null | undefined,
  byDefault: number,
): Page => {
  const number = Number(page ?? 1);
  const size = Number(limit ?? byDefault);
  return { page: number, limit: size, offset: (number - 1) * size };
};

/** The four reads, each a promise of the answer's `data`, and how to close the pools. */
export function floorReads({ databaseUrl, application, callerId, chainId }: FloorEnv) {
  const poolConfig: pg.PoolConfig = {
    connectionString: databaseUrl,
    max: 10,
    // As the API's pool (api/src/app.module.ts): idle connections are kept.
    idleTimeoutMillis: 0,
    application_name: application,
  };
  const pool = new pg.Pool(poolConfig);
  /** As the API's `Sql` runs the statements it asks generic plans for: a pool of its own. */
  const genericPool = new pg.Pool({
    ...poolConfig,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  /**
   * As the API runs its hot reads (api/src/database/sql.ts): named, so parsed once per
   * connection, and with a generic plan where the API asks for one (the category feed, the
   * marketplace page).
   */
  const names = new Map<string, string>();
  const rows = (text: string, values: unknown[], plan: 'auto' | 'generic' = 'auto') => {
    let name = names.get(text);
    if (name === undefined) {
      name = `floor_${names.size}`;
      names.set(text, name);
    }
    return (plan === 'generic' ? genericPool : pool)
      .query<Row>({ name, text, values })
      .then((result) => result.rows);
  };
  return {
    catalogue: () => rows(CATALOGUE_SQL, [callerId]),
    feed: (categoryId: string, { limit, offset }: Page) =>
      rows(CATEGORY_FEED_SQL, [callerId, limit, offset, categoryId], 'generic'),
    marketplace: ({ page, limit, offset }: Page) =>
      Promise.all([
        rows(MARKETPLACE_SQL, [chainId, limit, offset], 'generic'),
        rows(MARKETPLACE_COUNT_SQL, [chainId]),
      ]).then(([loanRequests, [count]]) => {
        const total = count?.total as number;
        return {
          loanRequests,
          pagination: { page, limit, total, pages: Math.ceil(total / limit) },
        };
      }),
    me: () => rows(GET_ME_SQL, [callerId]),
    end: () => Promise.all([pool.end(), genericPool.end()]),
  };
}

/** The answer, in the API's envelope, written as plainly as node:http allows. */
export function send(
  response: ServerResponse,
  status: number,
  data: unknown,
  message = 'OK',
): void {
  const body = JSON.stringify({ success: status < 400, message, data });
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

/** `data`'s answer once it settles: a 500 with the error's message if it fails. */
export function sendWhenDone(response: ServerResponse, data: Promise<unknown>): void {
  data.then(
    (answer) => send(response, 200, answer),
    (error: unknown) => send(response, 500, null, (error as Error).message),
  );
}

/** Reads the floors' settings from their environment, or ends the process naming what is missing. */
export function floorEnv(application: string): FloorEnv & { port: number } {
  const { DATABASE_URL, FLOOR_PORT, BENCH_CALLER_ID, BENCH_CHAIN_ID } = process.env;
  if (
    DATABASE_URL === undefined ||
    FLOOR_PORT === undefined ||
    BENCH_CALLER_ID === undefined ||
    BENCH_CHAIN_ID === undefined
  ) {
    console.error(
      'floor: DATABASE_URL, FLOOR_PORT, BENCH_CALLER_ID and BENCH_CHAIN_ID are required',
    );
    process.exit(1);
  }
  return {
    databaseUrl: DATABASE_URL,
    application,
    callerId: BENCH_CALLER_ID,
    chainId: Number(BENCH_CHAIN_ID),
    port: Number(FLOOR_PORT),
  };
}
