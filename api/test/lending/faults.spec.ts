import { setTimeout as sleep } from 'node:timers/promises';

import { demoWallets, LENDING_EVENT_NAMES, microLendingAbi } from '@lendpath/contracts';
import { Client } from 'pg';
import { toEventSelector } from 'viem';

import { chainStatus } from '@lendpath/test-kit/loans';
import { type PrivatePostgres, startPrivatePostgres } from '@lendpath/test-kit/private-postgres';
import { type PrivateRedis, startPrivateRedis } from '@lendpath/test-kit/private-redis';
import { type RpcProxy, startRpcProxy } from '@lendpath/test-kit/rpc-proxy';
import type { LoanRequestView } from '../../src/lending/loan-request-view';
import { type IndexerProcess, type Member, type Pipeline, startPipeline } from './pipeline';

type Address = `0x${string}`;
const wallets = demoWallets.map((wallet) => wallet.address) as [Address, Address, Address];
const DAY = 86_400n;

/**
 * Backfill in many small batches: ranges of one or two blocks, and finality two blocks behind
 * the head, so nearly all of the history is backfilled (getLogs) and there are many batches to
 * interrupt.
 */
const SMALL_BATCHES = {
  INDEXER_INITIAL_RANGE: '1',
  INDEXER_MAX_RANGE: '2',
  INDEXER_SAFE_DEPTH: '1',
  INDEXER_FINALIZED_DEPTH: '2',
  INDEXER_POLL_MS: '50',
};

/** topic0 → name of the events the indexer stores. */
const storedTopics = new Map(
  LENDING_EVENT_NAMES.map((name) => {
    const event = microLendingAbi.find((item) => item.type === 'event' && item.name === name);
    if (event?.type !== 'event') {
      throw new Error(`the lending ABI has no event ${name}`);
    }
    return [toEventSelector(event), name] as const;
  }),
);

/** One chain event as the check compares it. */
interface EventKey {
  key: string;
  block: number;
}

interface Page {
  loanRequests: LoanRequestView[];
  pagination: { pages: number };
}

/** A pipeline on a Postgres and a Redis of its own, the indexer optionally behind an RPC proxy. */
interface Rig {
  p: Pipeline;
  postgres: PrivatePostgres;
  redis: PrivateRedis;
  proxy: RpcProxy;
  observer: Member;
  close(): Promise<void>;
}

async function startRig(options: { proxied?: boolean; seed?: number } = {}): Promise<Rig> {
  const [postgres, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
  let proxy: RpcProxy | undefined;
  let p: Pipeline | undefined;
  const close = async () => {
    // A test that failed half-way may have left a server down or frozen, or calls held.
    proxy?.clearFaults();
    proxy?.resume();
    try {
      process.kill(redis.pid(), 'SIGCONT');
    } catch {
      // Not running: nothing to wake.
    }
    await Promise.allSettled([postgres.start(), redis.start()]);
    try {
      await p?.close();
    } finally {
      await proxy?.stop();
      await Promise.allSettled([redis.destroy(), postgres.destroy()]);
    }
  };
  try {
    p = await startPipeline({
      postgresUrl: postgres.url,
      redisUrl: redis.url,
      indexerRpc: options.proxied
        ? () => {
            if (proxy === undefined) {
              throw new Error('the proxy starts before the indexer');
            }
            return proxy.url;
          }
        : undefined,
    });
    proxy = await startRpcProxy(p.chain.rpcUrl, { seed: options.seed ?? 7 });
    return { p, postgres, redis, proxy, observer: await p.member('Olga Observer'), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** What a wallet user does next with loan `i` of a run: every final state comes up. */
async function playLoan(p: Pipeline, i: number, defaulting: bigint[]): Promise<void> {
  const borrower = wallets[i % 3] as Address;
  const lender = wallets[(i + 1) % 3] as Address;
  const { loanId } = await p.actions.request(
    borrower,
    BigInt(500_000 + (i % 7) * 250_000),
    7n * DAY,
  );
  switch (i % 5) {
    case 0:
      return; // stays requested
    case 1:
      await p.actions.fund(lender, loanId, 500n);
      return;
    case 2:
      await p.actions.fund(lender, loanId, 750n);
      await p.actions.repay(borrower, loanId);
      return;
    case 3:
      await p.actions.cancel(borrower, loanId);
      return;
    default:
      await p.actions.fund(lender, loanId, 1_000n);
      defaulting.push(loanId);
  }
}

/** History from before the indexer ran: `loans` loans in every state, defaults included. */
async function makeHistory(p: Pipeline, loans: number): Promise<void> {
  for (const wallet of wallets) {
    await p.actions.approve(wallet);
  }
  const defaulting: bigint[] = [];
  for (let i = 0; i < loans; i++) {
    await playLoan(p, i, defaulting);
  }
  await p.chain.rpc('evm_increaseTime', [Number(40n * DAY)]);
  await p.chain.mine(1);
  for (const loanId of defaulting) {
    await p.actions.markDefaulted(wallets[0], loanId);
  }
}

/**
 * Wallet users at work in the background, until `stop` (which answers how many loans they made)
 * or `max` loans.
 */
function keepMakingLoans(p: Pipeline, max = Infinity): { stop(): Promise<number> } {
  let stopped = false;
  let made = 0;
  const running = (async () => {
    while (!stopped && made < max) {
      await playLoan(p, made, []);
      made++;
    }
  })();
  return {
    async stop() {
      stopped = true;
      await running;
      return made;
    },
  };
}

/** The stored events (block hash, log index, name, loan id) from the node itself. */
async function chainEvents(p: Pipeline): Promise<EventKey[]> {
  const logs = await p.chain.rpc<
    { blockHash: string; blockNumber: string; logIndex: string; topics: string[] }[]
  >('eth_getLogs', [
    {
      address: p.chain.deployment.lending.address,
      topics: [[...storedTopics.keys()]],
      fromBlock: '0x0',
      toBlock: 'latest',
    },
  ]);
  return logs.map((log) => ({
    key: [
      log.blockHash.toLowerCase(),
      Number(log.logIndex),
      storedTopics.get(log.topics[0] as `0x${string}`),
      BigInt(log.topics[1] as string).toString(),
    ].join(' '),
    block: Number(log.blockNumber),
  }));
}

async function storedEvents(p: Pipeline): Promise<EventKey[]> {
  const rows = await p.db.query<
    { block_hash: string; log_index: number; name: string; loan_id: string; block: number }[]
  >(
    `SELECT lower(block_hash) AS block_hash, log_index, name, loan_id::text AS loan_id,
            block_number::int AS block
     FROM indexer.chain_events WHERE NOT removed`,
  );
  return rows.map((row) => ({
    key: [row.block_hash, row.log_index, row.name, row.loan_id].join(' '),
    block: row.block,
  }));
}

const keys = (events: EventKey[]) => events.map((event) => event.key).sort();
const duplicates = (list: string[]) => list.filter((key, i) => list.indexOf(key) !== i);

/** Every loan's status as the API lists it, by chain id. */
async function apiStatuses(rig: Rig): Promise<Record<string, string>> {
  const statuses: Record<string, string> = {};
  for (let page = 1; ; page++) {
    const { status, body } = await rig.p.call<Page>(
      rig.observer,
      'GET',
      `/microlending/requests?limit=100&page=${page}`,
    );
    if (status !== 200) {
      throw new Error(`GET /microlending/requests answered ${status}: ${body.message}`);
    }
    for (const loan of body.data.loanRequests) {
      statuses[loan.loanChainId] = loan.status;
    }
    if (page >= body.data.pagination.pages) {
      return statuses;
    }
  }
}

/** Every loan's status by the contract's own getLoan. */
async function contractStatuses(p: Pipeline): Promise<Record<string, string>> {
  const counter = Number(await p.actions.loanCounter());
  const ids = Array.from({ length: counter }, (_, i) => BigInt(i + 1));
  const loans = await Promise.all(ids.map((id) => p.actions.getLoan(id)));
  return Object.fromEntries(
    loans.map((loan, i) => [`${ids[i]}`, chainStatus[loan.status] ?? `status ${loan.status}`]),
  );
}

interface Comparison {
  chain: string[];
  stored: string[];
  doubled: string[];
  api: Record<string, string>;
  contract: Record<string, string>;
}

async function compare(rig: Rig): Promise<Comparison> {
  const [chain, stored, api, contract] = await Promise.all([
    chainEvents(rig.p),
    storedEvents(rig.p),
    apiStatuses(rig),
    contractStatuses(rig.p),
  ]);
  const storedKeys = keys(stored);
  return { chain: keys(chain), stored: storedKeys, doubled: duplicates(storedKeys), api, contract };
}

const agrees = (c: Comparison) =>
  c.doubled.length === 0 &&
  JSON.stringify(c.stored) === JSON.stringify(c.chain) &&
  JSON.stringify(Object.entries(c.api).sort()) ===
    JSON.stringify(Object.entries(c.contract).sort());

/**
 * The end of every scenario: no chain event lost or doubled (the non-removed stored events are
 * exactly the chain's, once each), and the API lists every loan with the contract's status.
 * Waits for the pipeline to get there by itself, then asserts it.
 */
async function expectConverged(rig: Rig, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: Comparison | undefined;
  let failure: unknown;
  while (Date.now() < deadline) {
    try {
      last = await compare(rig);
      failure = undefined;
      if (agrees(last)) {
        break;
      }
    } catch (error) {
      // A dependency may still be coming back; the deadline decides.
      failure = error;
    }
    await sleep(100);
  }
  if (failure !== undefined || last === undefined) {
    throw failure instanceof Error ? failure : new Error(String(failure));
  }
  expect(last.doubled).toEqual([]);
  expect(last.stored).toEqual(last.chain);
  expect(last.api).toEqual(last.contract);
  expect(last.chain.length).toBeGreaterThan(0);
  const [{ pending }] = await rig.p.db.query<[{ pending: number }]>(
    `SELECT count(*)::int AS pending FROM indexer.outbox WHERE relayed_at IS NULL`,
  );
  expect(pending).toBe(0);
}

/** The indexer's cursor (-1 before its first batch). */
async function cursorOf(p: Pipeline): Promise<number> {
  const [row] = await p.db.query<{ cursor: number }[]>(
    `SELECT cursor_block::int AS cursor FROM indexer.sources`,
  );
  return row?.cursor ?? -1;
}

/** Waits for the indexer's cursor to reach the chain's head. */
async function caughtUp(p: Pipeline): Promise<void> {
  const head = Number(await p.chain.rpc<string>('eth_blockNumber'));
  await p.until(
    `the cursor at the head (${head})`,
    () => cursorOf(p),
    (c) => c >= head,
  );
}

/**
 * With the indexer dead: what it committed is whole batches. The stored events are exactly the
 * chain's up to the cursor, and no event, block hash or outbox row lies past it.
 */
async function expectWholeBatches(p: Pipeline): Promise<number> {
  const cursor = await cursorOf(p);
  const stored = await storedEvents(p);
  const onChain = (await chainEvents(p)).filter((event) => event.block <= cursor);
  expect(duplicates(keys(stored))).toEqual([]);
  expect(keys(stored)).toEqual(keys(onChain));
  const [beyond] = await p.db.query<[{ blocks: number; outbox: number }]>(
    `SELECT (SELECT count(*)::int FROM indexer.blocks WHERE number > $1) AS blocks,
            (SELECT count(*)::int FROM indexer.outbox WHERE to_block > $1) AS outbox`,
    [cursor],
  );
  expect(beyond).toEqual({ blocks: 0, outbox: 0 });
  return cursor;
}

/**
 * Stops `server` while the indexer backfills and wallet users keep making loans, and starts it
 * again a second later; neither the indexer nor the API is restarted.
 */
async function restartUnderLoad(
  rig: Rig,
  server: { stop(): Promise<void>; start(): Promise<void> },
): Promise<IndexerProcess> {
  const { p } = rig;
  await makeHistory(p, 15);
  const indexer = await p.startIndexer(SMALL_BATCHES);
  const deployBlock = p.chain.deployment.lending.deployBlock;
  await p.until(
    'the backfill to move',
    () => cursorOf(p),
    (c) => c > deployBlock + 4,
  );
  const makers = keepMakingLoans(p);
  await server.stop();
  const before = await p.actions.loanCounter();
  await sleep(1_000);
  expect(await p.actions.loanCounter()).toBeGreaterThan(before);
  await server.start();
  await sleep(300);
  await makers.stop();
  return indexer;
}

describe('lending pipeline under faults: nothing lost, nothing doubled', () => {
  let rig: Rig | undefined;
  afterEach(async () => {
    await rig?.close();
    rig = undefined;
  }, 60_000);

  it('survives kill -9 of the indexer mid-backfill, at several moments', async () => {
    rig = await startRig({ proxied: true });
    const { p, proxy, redis } = rig;
    await makeHistory(p, 30);
    const deployBlock = p.chain.deployment.lending.deployBlock;
    const progress = (beyond: number) =>
      p.until(
        `the cursor past ${beyond}`,
        () => cursorOf(p),
        (c) => c > beyond,
      );
    /** Killed while backfilling, or the scenario would test less than it says. */
    const killMidBackfill = async (indexer: IndexerProcess) => {
      await indexer.stop(true);
      const cursor = await expectWholeBatches(p);
      const head = Number(await p.chain.rpc<string>('eth_blockNumber'));
      expect(cursor).toBeLessThan(head - Number(SMALL_BATCHES.INDEXER_FINALIZED_DEPTH));
      return cursor;
    };

    // Once the cursor has moved a little.
    let cursor = await killMidBackfill(
      await p.startIndexer(SMALL_BATCHES).then(async (indexer) => {
        await progress(deployBlock + 8);
        return indexer;
      }),
    );

    // Stuck on an RPC call: the proxy holds the next one.
    let indexer = await p.startIndexer(SMALL_BATCHES);
    await progress(cursor + 4);
    proxy.pause();
    const received = proxy.stats.received;
    await p.until(
      'a held call',
      () => Promise.resolve(proxy.stats.received),
      (n) => n > received,
    );
    cursor = await killMidBackfill(indexer);
    proxy.resume();

    // Between commit and enqueue: Redis stops answering, so batches commit but their outbox
    // rows cannot be relayed; killed then, the restarted indexer must send them.
    indexer = await p.startIndexer(SMALL_BATCHES);
    await progress(cursor + 4);
    process.kill(redis.pid(), 'SIGSTOP');
    try {
      await p.until(
        'a committed batch not relayed',
        () => p.db.query<unknown[]>(`SELECT 1 FROM indexer.outbox WHERE relayed_at IS NULL`),
        (rows) => rows.length > 0,
      );
      cursor = await killMidBackfill(indexer);
    } finally {
      process.kill(redis.pid(), 'SIGCONT');
    }

    // The chain moves on while it is down; then killed as soon as it is up again.
    await makeHistory(p, 5);
    await killMidBackfill(await p.startIndexer(SMALL_BATCHES));

    await p.startIndexer(SMALL_BATCHES);
    await expectConverged(rig);
  }, 60_000);

  it('leaves nothing of a batch killed -9 while it waits inside its transaction', async () => {
    rig = await startRig();
    const { p } = rig;
    await makeHistory(p, 20);
    const locker = new Client({ connectionString: p.databaseUrl });
    await locker.connect();
    try {
      // Held at its block hashes, the batch has written its events; at the outbox, its cursor too.
      const stops = [
        ['indexer.blocks', ['indexer.chain_events']],
        ['indexer.outbox', ['indexer.chain_events', 'indexer.blocks', 'indexer.sources']],
      ] as const;
      for (const [table, written] of stops) {
        const indexer = await p.startIndexer(SMALL_BATCHES);
        await caughtUp(p);
        // A relay still to mark rows would wait on the lock too, and hold up the sync behind it.
        await p.until(
          'the outbox to be relayed',
          () => p.db.query<unknown[]>(`SELECT 1 FROM indexer.outbox WHERE relayed_at IS NULL`),
          (rows) => rows.length === 0,
        );
        await locker.query('BEGIN');
        // SHARE conflicts with the batch's INSERT but not with reads, nor with the outbox relay's
        // SELECT … FOR UPDATE (ACCESS EXCLUSIVE would hold the relay instead, and the sync behind it).
        await locker.query(`LOCK TABLE ${table} IN SHARE MODE`);
        // One more block, with a LoanRequested: the batch that follows it waits on the lock.
        await p.actions.request(wallets[0], 1_000_000n, 7n * DAY);
        // Watched from another session: the locker's own transaction would see one snapshot.
        const [batch] = await p.until(
          `a batch waiting to write ${table}`,
          () =>
            p.db.query<{ pid: number }[]>(
              `SELECT pid FROM pg_stat_activity
               WHERE datname = current_database() AND application_name = 'lendpath-indexer'
                 AND wait_event_type = 'Lock' AND query LIKE $1`,
              [`%INSERT INTO ${table}%`],
            ),
          (rows) => rows.length === 1,
        );
        const { pid } = batch as { pid: number };
        const writing = await p.db.query<{ relation: string }[]>(
          `SELECT relation::regclass::text AS relation FROM pg_locks
           WHERE pid = $1 AND granted AND locktype = 'relation' AND mode = 'RowExclusiveLock'`,
          [pid],
        );
        expect(writing.map((row) => row.relation)).toEqual(expect.arrayContaining([...written]));
        const committed = await cursorOf(p);

        await indexer.stop(true);
        await locker.query('ROLLBACK');
        // Its session sees the client gone once it runs again, and rolls the batch back.
        await p.until(
          'the killed batch to end',
          () => p.db.query<unknown[]>(`SELECT 1 FROM pg_stat_activity WHERE pid = $1`, [pid]),
          (rows) => rows.length === 0,
        );
        expect(await expectWholeBatches(p)).toBe(committed);
      }
    } finally {
      await locker.end();
    }
    await p.startIndexer(SMALL_BATCHES);
    await expectConverged(rig);
  }, 60_000);

  it('recovers by itself when Postgres restarts under the running indexer and API', async () => {
    rig = await startRig();
    const indexer = await restartUnderLoad(rig, rig.postgres);
    await expectConverged(rig);
    expect(indexer.output()).toMatch(/sync failed/);
    expect(indexer.child.exitCode).toBeNull();
  }, 60_000);

  it('recovers by itself when Redis restarts under the running indexer and API', async () => {
    rig = await startRig();
    const indexer = await restartUnderLoad(rig, rig.redis);
    await expectConverged(rig);
    expect(indexer.child.exitCode).toBeNull();
  }, 60_000);

  it('rides out a flaky RPC provider: errors, rate limits, hangs, resets and a range cap', async () => {
    rig = await startRig({ proxied: true, seed: 42 });
    const { p, proxy } = rig;
    await makeHistory(p, 20);
    proxy.setFaults({
      serverError: 0.04,
      rateLimit: 0.04,
      rpcError: 0.04,
      hang: 0.04,
      reset: 0.04,
      maxLogBlockRange: 2,
    });
    const indexer = await p.startIndexer({
      ...SMALL_BATCHES,
      // Ranges whose pieces (four to a range) outgrow the provider's cap, and a timeout that
      // makes a hang cheap.
      INDEXER_INITIAL_RANGE: '16',
      INDEXER_MAX_RANGE: '32',
      INDEXER_BACKFILL_PIECES: '4',
      INDEXER_RPC_TIMEOUT_MS: '300',
      // Logs at level `log`, which names the health port.
      NODE_ENV: 'development',
    });
    const makers = keepMakingLoans(p, 10);
    await p.until(
      'every kind of fault',
      () => Promise.resolve(proxy.stats.faults),
      (faults) => Object.values(faults).every((count) => count > 0),
      30_000,
    );
    expect(await makers.stop()).toBeGreaterThan(0);
    proxy.clearFaults();
    await expectConverged(rig);

    const health = /health on (http:\/\/\S+)/.exec(indexer.output())?.[1];
    expect(health).toBeDefined();
    const metrics = await (await fetch(`${health}/metrics`)).text();
    const failures = new Map<string, number>();
    for (const [, failure, count] of metrics.matchAll(
      /^indexer_rpc_errors_total\{[^}]*failure="([^"]+)"[^}]*\} (\d+)/gm,
    )) {
      failures.set(failure as string, (failures.get(failure as string) ?? 0) + Number(count));
    }
    expect([...failures.keys()].sort()).toEqual(['range', 'rate-limited', 'transient']);
    expect(indexer.child.exitCode).toBeNull();
  }, 60_000);
});
