/**
 * The API killed -9 in the middle of a chain-events job (issue 16 §1), shared by the api's
 * crash-recovery test and its time-to-truth benchmark: the built API as a process of its own, a
 * reconcile frozen before its commit, and the statuses the API and the contract each answer.
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { demoWallets } from '@lendpath/contracts';
import pg from 'pg';

import { repoRoot } from './chain.ts';
import { type Child, startChild, stopChildren } from './children.ts';
import { chainStatus, type LendingActions } from './loans.ts';
import { freePort } from './ports.ts';
import { until } from './until.ts';

type Address = `0x${string}`;
const [alice, bob, carol] = demoWallets.map((wallet) => wallet.address) as [
  Address,
  Address,
  Address,
];
const DAY = 86_400n;

/** The built API (`api/dist/main.js`) as its own process, as it runs in production. */
export interface ApiProcess {
  child: Child;
  url: string;
  /** SIGKILL: no shutdown hook runs, nothing is flushed or released. */
  kill(): Promise<void>;
  /** SIGTERM, SIGKILL after 5 s. */
  stop(): Promise<void>;
}

/**
 * Spawns the API on a free port and returns at once, so that a caller can watch /ready from
 * before it listens. `env` is the whole configuration (the parent's is inherited below it).
 */
export async function startApiProcess(options: {
  name: string;
  env: NodeJS.ProcessEnv;
  logDir: string;
}): Promise<ApiProcess> {
  const port = await freePort();
  const child = startChild({
    name: options.name,
    command: process.execPath,
    args: [join(repoRoot(), 'api/dist/main.js')],
    cwd: repoRoot(),
    logDir: options.logDir,
    env: { ...options.env, API_HOST: '127.0.0.1', API_PORT: `${port}` },
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    kill: () => stopChildren([child], 0),
    stop: () => stopChildren([child], 5_000),
  };
}

/** Polls GET /ready from now on; answers `performance.now()` at its first 200. */
export async function firstReady(api: ApiProcess, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const proc = api.child.process;
    if (proc.exitCode !== null || proc.signalCode !== null) {
      throw new Error(`${api.child.name} exited before it was ready:\n${api.child.tail()}`);
    }
    try {
      const response = await fetch(`${api.url}/ready`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) {
        return performance.now();
      }
    } catch {
      // Not listening yet.
    }
    await sleep(10);
  }
  throw new Error(`${api.child.name}: /ready not 200 within ${timeoutMs} ms:\n${api.child.tail()}`);
}

/** Every loan's status as GET /microlending/requests lists it, by chain id. */
export async function apiStatuses(url: string, token: string): Promise<Record<string, string>> {
  const statuses: Record<string, string> = {};
  for (let page = 1; ; page++) {
    const response = await fetch(`${url}/microlending/requests?limit=100&page=${page}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as {
      message: string;
      data: {
        loanRequests: { loanChainId: string; status: string }[];
        pagination: { pages: number };
      };
    };
    if (response.status !== 200) {
      throw new Error(`GET /microlending/requests answered ${response.status}: ${body.message}`);
    }
    for (const loan of body.data.loanRequests) {
      statuses[loan.loanChainId] = loan.status;
    }
    if (page >= body.data.pagination.pages) {
      return statuses;
    }
  }
}

/** Every loan's status by the contract's own getLoan, by chain id. */
export async function chainStatuses(actions: LendingActions): Promise<Record<string, string>> {
  const counter = Number(await actions.loanCounter());
  const ids = Array.from({ length: counter }, (_, i) => BigInt(i + 1));
  const loans = await Promise.all(ids.map((id) => actions.getLoan(id)));
  return Object.fromEntries(
    loans.map((loan, i) => [`${ids[i]}`, chainStatus[loan.status] ?? `status ${loan.status}`]),
  );
}

/** Statuses compared as sets of `id:status`, whatever the order. */
export const sameStatuses = (a: Record<string, string>, b: Record<string, string>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** What a crash-recovery scenario runs on: a chain with the indexer following it, and a database. */
export interface CrashRig {
  databaseUrl: string;
  actions: LendingActions;
  /** A member's bearer token, to list the loans. */
  token: string;
  /** Spawns an API on the queue the indexer announces batches on (no other API consumes it). */
  startApi(name: string): Promise<ApiProcess>;
}

export interface Crash {
  /** The API started after the kill, still running (the caller stops it). */
  restarted: ApiProcess;
  /** `performance.now()` when SIGKILL was sent, and when the restarted API first answered /ready. */
  killedAt: number;
  readyAt: number;
  /** Read from the restarted API right after that first 200, and from the contract. */
  apiAtReady: Record<string, string>;
  chainAtReady: Record<string, string>;
}

/**
 * Starts an API, lets it take chain-events jobs that hang in the reconcile before their commit
 * (a lock held from another session on `app.loan_requests`, which the fold writes last), kills it
 * -9 there and starts a fresh one. The jobs it took stay active in Redis under its lock; the
 * loans they name are two requested loans with no row yet, a requested loan the chain has
 * funded and one the chain has cancelled.
 */
export async function crashMidJob(rig: CrashRig): Promise<Crash> {
  const { actions } = rig;
  const db = new pg.Client({ connectionString: rig.databaseUrl });
  await db.connect();
  const locker = new pg.Client({ connectionString: rig.databaseUrl });
  await locker.connect();
  let first: ApiProcess | undefined;
  let restarted: ApiProcess | undefined;
  try {
    for (const wallet of [alice, bob, carol]) {
      await actions.approve(wallet);
    }
    first = await rig.startApi('api-killed');
    await firstReady(first);
    const toFund = (await actions.request(alice, 1_000_000n, 7n * DAY)).loanId;
    const toCancel = (await actions.request(carol, 2_000_000n, 7n * DAY)).loanId;
    const listed = first.url;
    await until(
      'the first API to list both loans as requested',
      () => apiStatuses(listed, rig.token),
      (seen) => seen[`${toFund}`] === 'requested' && seen[`${toCancel}`] === 'requested',
      30_000,
    );

    await locker.query('BEGIN');
    // SHARE conflicts with the fold's INSERT … ON CONFLICT UPDATE but not with the API's reads.
    await locker.query('LOCK TABLE app.loan_requests IN SHARE MODE');
    await actions.fund(bob, toFund, 500n);
    await actions.cancel(carol, toCancel);
    await actions.request(alice, 3_000_000n, 14n * DAY);
    await actions.request(carol, 4_000_000n, 14n * DAY);
    // Every batch committed and announced: what the API has not taken waits in the queue.
    const head = Number(await actions.publicClient.getBlockNumber());
    await until(
      `the indexer at the head (${head}) with its outbox relayed`,
      async () =>
        (
          await db.query<{ cursor: number; unrelayed: number }>(
            `SELECT (SELECT max(cursor_block)::int FROM indexer.sources) AS cursor,
                    (SELECT count(*)::int FROM indexer.outbox WHERE relayed_at IS NULL) AS unrelayed`,
          )
        ).rows[0],
      (row) => row !== undefined && row.cursor >= head && row.unrelayed === 0,
      30_000,
    );
    await until(
      'a reconcile of the API waiting on the lock',
      async () =>
        (
          await db.query<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity
             WHERE datname = current_database() AND application_name = 'lendpath-api'
               AND wait_event_type = 'Lock'`,
          )
        ).rows[0]?.waiting ?? 0,
      (waiting) => waiting > 0,
      30_000,
    );

    const killedAt = performance.now();
    await first.kill();
    // Its session is left waiting; once it has the lock it finds its client gone and rolls back.
    await locker.query('ROLLBACK');
    restarted = await rig.startApi('api-restarted');
    const readyAt = await firstReady(restarted);
    const [apiAtReady, chainAtReady] = await Promise.all([
      apiStatuses(restarted.url, rig.token),
      chainStatuses(actions),
    ]);
    return { restarted, killedAt, readyAt, apiAtReady, chainAtReady };
  } catch (error) {
    await restarted?.stop();
    throw error;
  } finally {
    await first?.kill();
    await locker.end();
    await db.end();
  }
}
