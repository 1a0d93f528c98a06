import { demoWallets } from '@lendpath/contracts';
import { Client } from 'pg';

import { type AnswerOptions, type RpcCall, RpcClient, RpcError } from '../src/chain/rpc-client';
import { Follower } from '../src/follower/follower';
import { LogDecoder } from '../src/follower/log-decoder';
import { warmStart } from '../src/follower/warm-start';
import { IndexerMetrics } from '../src/metrics/indexer-metrics';
import { type IndexerFixture, indexerFixture } from './support/indexer-fixture';

const [borrower] = demoWallets.map((wallet) => wallet.address) as [`0x${string}`];

/** Eight loan requests from the borrower, the first for `firstAmount` units, each one more. */
async function requestEight(f: IndexerFixture, firstAmount: bigint): Promise<void> {
  await f.actions.approve(borrower);
  for (let i = 0; i < 8; i++) {
    await f.actions.request(borrower, firstAmount + BigInt(i), 86_400n * 7n);
  }
}

/** The eth_getLogs round trips the indexer made (its RPC metric). */
const getLogsCalls = async (metrics: IndexerMetrics) =>
  (await metrics.rpcSeconds.get()).values.find(
    (value) =>
      value.metricName === 'indexer_rpc_seconds_count' && value.labels.method === 'eth_getLogs',
  )?.value ?? 0;

/**
 * The follower's pipeline: the next step's blocks are fetched while this step commits, and no
 * further than the range under way (here one block, in one piece); a commit held up holds up
 * nothing that is lost.
 */
describe('the follower fetching ahead', () => {
  let f: IndexerFixture;

  beforeAll(async () => {
    // One block a backfill step, so that a short history is many steps.
    f = await indexerFixture({ INDEXER_INITIAL_RANGE: '1', INDEXER_MAX_RANGE: '1' });
    await requestEight(f, 1_000_000n);
  }, 60_000);
  afterAll(() => f.close());

  it('fetches the next range while a commit waits, and no further', async () => {
    const locker = new Client({ connectionString: f.env.DATABASE_URL });
    await locker.connect();
    try {
      // Every commit keeps its last block's hash: with the table held, the first commit waits
      // inside its transaction.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE indexer.blocks IN SHARE MODE');
      const app = await f.start();
      const metrics = app.get(IndexerMetrics);
      await f.until(
        'a commit waiting for the lock',
        () =>
          locker.query<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM pg_locks
             WHERE relation = 'indexer.blocks'::regclass AND NOT granted`,
          ),
        (result) => (result.rows[0]?.waiting ?? 0) > 0,
      );
      // The step being committed, and the one after it.
      await f.until(
        'the step ahead fetched',
        () => getLogsCalls(metrics),
        (n) => n === 2,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await getLogsCalls(metrics)).toBe(2);

      await locker.query('ROLLBACK');
      const head = Number(await f.chain.rpc<string>('eth_blockNumber'));
      await f.until(
        'the cursor at the head',
        async () =>
          Number(
            (
              await f.db.query<{ cursor_block: string }[]>(
                `SELECT cursor_block FROM indexer.sources`,
              )
            )[0]?.cursor_block ?? -1,
          ),
        (cursor) => cursor >= head,
      );
      const stored = await f.storedEvents();
      expect(stored.filter((event) => event.startsWith('LoanRequested:'))).toHaveLength(8);
      expect(new Set(stored).size).toBe(stored.length);
    } finally {
      await locker.end();
    }
  });
});

describe('the follower ending a backfill', () => {
  let f: IndexerFixture;

  beforeAll(async () => {
    f = await indexerFixture();
    await requestEight(f, 2_000_000n);
  }, 60_000);
  afterAll(() => f.close());

  const announcements = () =>
    f.db.query<{ from_block: string; to_block: string; loans: number }[]>(
      `SELECT from_block, to_block, cardinality(loan_ids) AS loans FROM indexer.outbox ORDER BY id`,
    );

  it('commits the range alone when the blocks above it cannot be fetched, and them next', async () => {
    // Fetching the blocks above the finalized one (logs by block hash, in a batch) fails until
    // told otherwise; the range's getLogs is a call of its own and goes through.
    class TailFails extends RpcClient {
      failing = true;
      override batch(calls: readonly RpcCall[]): Promise<unknown[]> {
        return this.failing && calls.some((call) => call.method === 'eth_getLogs')
          ? Promise.reject(new RpcError('transient', 'eth_getLogs', 'no answer (the test)'))
          : super.batch(calls);
      }
    }
    // A chain and database of its own: this drives a Follower directly, with no indexer app.
    const other = await indexerFixture();
    try {
      await requestEight(other, 3_000_000n);
      const head = Number(await other.chain.rpc<string>('eth_blockNumber'));
      const rpc = new TailFails({ url: other.chain.rpcUrl, timeoutMs: 5_000, retries: 0 });
      const { env } = other;
      const follower = new Follower(
        {
          chainId: env.deployment.chainId,
          address: env.deployment.lending.address.toLowerCase(),
          deployBlock: env.deployment.lending.deployBlock,
        },
        {
          finality: env.finality,
          safeDepth: env.INDEXER_SAFE_DEPTH,
          finalizedDepth: env.INDEXER_FINALIZED_DEPTH,
          initialRange: env.INDEXER_INITIAL_RANGE,
          maxRange: env.INDEXER_MAX_RANGE,
          // The range in one piece: this is about the blocks above it.
          backfillPieces: 1,
        },
        other.db,
        rpc,
        new IndexerMetrics(),
        { log: () => undefined, warn: () => undefined, error: () => undefined },
      );
      const batches = () =>
        other.db.query<{ to_block: string }[]>(`SELECT to_block FROM indexer.outbox ORDER BY id`);

      // The range is committed; the next step, the blocks above it, meets the failure.
      await expect(follower.sync()).rejects.toThrow('no answer (the test)');
      expect((await batches()).map((row) => Number(row.to_block))).toEqual([
        head - env.INDEXER_FINALIZED_DEPTH,
      ]);
      rpc.failing = false;
      expect(await follower.sync()).toMatchObject({ caughtUp: true, events: 5 });
      expect((await batches()).map((row) => Number(row.to_block))).toEqual([
        head - env.INDEXER_FINALIZED_DEPTH,
        head,
      ]);
      expect(await other.storedEvents()).toHaveLength(8);
    } finally {
      await other.close();
    }
  });

  it('commits a range piece by piece, then the blocks above it, and relays one job', async () => {
    const head = Number(await f.chain.rpc<string>('eth_blockNumber'));
    await f.start();
    const jobs = await f.until(
      'the history on the queue',
      () => f.chainEvents().getJobs(['waiting', 'completed', 'active']),
      (all) => all.some((job) => job.data.toBlock === head),
    );
    // The range from the deploy to the finalized block came in pieces, each its own batch, then
    // the unfinalized blocks above it (fetched by hash, parent by parent) as one more.
    const batches = await announcements();
    const finalized = head - f.env.INDEXER_FINALIZED_DEPTH;
    const rangeBlocks = finalized - f.env.deployment.lending.deployBlock + 1;
    expect(batches.length).toBe(Math.min(f.env.INDEXER_BACKFILL_PIECES, rangeBlocks) + 1);
    expect(batches.length).toBeGreaterThan(2);
    expect(batches.slice(-2).map((b) => [Number(b.from_block), Number(b.to_block)])).toEqual([
      [expect.any(Number), finalized],
      [finalized + 1, head],
    ]);
    // One job for all of them: the API folds each loan once.
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.data).toMatchObject({
      fromBlock: Number(batches[0]!.from_block),
      toBlock: head,
    });
    expect(new Set(jobs[0]!.data.loanIds).size).toBe(8);
    const [blocks] = await f.db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM indexer.blocks`,
    );
    // The finalized block and the five above it, each kept for a reorg check.
    expect(blocks!.n).toBe(6);
    expect(await f.storedEvents()).toHaveLength(8);
  });
});

describe('the follower asking for a range in pieces', () => {
  it('asks again at half the range when the provider refuses a piece; stores every event once', async () => {
    // A provider that answers getLogs over one block at a time, and refuses more as providers do.
    class OneBlockAtMost extends RpcClient {
      readonly asked: number[] = [];
      override call<T>(method: string, params: unknown[], options?: AnswerOptions): Promise<T> {
        if (method === 'eth_getLogs') {
          const [{ fromBlock, toBlock }] = params as [{ fromBlock: string; toBlock: string }];
          const span = Number(toBlock) - Number(fromBlock) + 1;
          this.asked.push(span);
          if (span > 1) {
            return Promise.reject(new RpcError('range', method, `${span} blocks, at most 1`));
          }
        }
        return super.call<T>(method, params, options);
      }
    }
    const f = await indexerFixture();
    // The pieces' logs are decoded on the worker's thread, as the indexer's are.
    const logs = new LogDecoder({
      chainId: f.env.deployment.chainId,
      address: f.env.deployment.lending.address.toLowerCase(),
    });
    try {
      await requestEight(f, 4_000_000n);
      const rpc = new OneBlockAtMost({ url: f.chain.rpcUrl, timeoutMs: 5_000, retries: 0 });
      const warnings: string[] = [];
      let relays = 0;
      const follower = new Follower(
        {
          chainId: f.env.deployment.chainId,
          address: f.env.deployment.lending.address.toLowerCase(),
          deployBlock: f.env.deployment.lending.deployBlock,
        },
        {
          finality: f.env.finality,
          safeDepth: f.env.INDEXER_SAFE_DEPTH,
          finalizedDepth: f.env.INDEXER_FINALIZED_DEPTH,
          initialRange: 64,
          maxRange: 64,
          backfillPieces: 3,
        },
        f.db,
        rpc,
        new IndexerMetrics(),
        {
          log: () => undefined,
          warn: (line: string) => warnings.push(line),
          error: () => undefined,
        },
        () => relays++,
        logs,
      );

      const decoded = jest.spyOn(logs, 'reader');
      expect(await follower.sync()).toMatchObject({ caughtUp: true, events: 8 });
      expect(decoded).toHaveBeenCalledWith('eth_getLogs');
      expect(warnings.length).toBeGreaterThan(0);
      expect(warnings[0]).toMatch(/^getLogs \d+-\d+ too large .*; range 32$/);
      // Refused pieces were asked for again, smaller; nothing refused was stored.
      expect(Math.max(...rpc.asked)).toBeGreaterThan(1);
      expect(rpc.asked.at(-1)).toBe(1);
      const stored = await f.storedEvents();
      expect(stored.filter((event) => event.startsWith('LoanRequested:'))).toHaveLength(8);
      expect(new Set(stored).size).toBe(stored.length);
      // Held for their range: fewer relays than committed batches.
      const [outbox] = await f.db.query<{ batches: number }[]>(
        `SELECT count(*)::int AS batches FROM indexer.outbox`,
      );
      expect(relays).toBeGreaterThan(0);
      expect(relays).toBeLessThan(outbox!.batches);
    } finally {
      await logs.close();
      await f.close();
    }
  }, 60_000);
});

describe('the follower after a warm start', () => {
  it('takes the answers to its first range that main.ts asked for before loading the app', async () => {
    const f = await indexerFixture();
    try {
      await requestEight(f, 5_000_000n);
      const head = Number(await f.chain.rpc<string>('eth_blockNumber'));
      const first = f.env.deployment.lending.deployBlock;
      const last = head - f.env.INDEXER_FINALIZED_DEPTH;
      const pieces = Math.min(f.env.INDEXER_BACKFILL_PIECES, last - first + 1);
      expect(pieces).toBeGreaterThan(1);

      const warm = await warmStart(f.env);
      expect(warm.summary).toMatch(
        new RegExp(
          `^blocks ${first}-${last} asked for in ${pieces} piece\\(s\\) before the app loaded, ` +
            `\\d+ ms after the process started$`,
        ),
      );
      const app = await f.start(warm);
      await f.until(
        'the history on the queue',
        () => f.chainEvents().getJobs(['waiting', 'completed', 'active']),
        (all) => all.some((job) => job.data.toBlock === head),
      );
      // Each piece went to the node once, before the app: the follower took those answers.
      expect(await getLogsCalls(app.get(IndexerMetrics))).toBe(pieces);
      const stored = await f.storedEvents();
      expect(stored.filter((event) => event.startsWith('LoanRequested:'))).toHaveLength(8);
      expect(new Set(stored).size).toBe(stored.length);
      await f.stop();

      // Started again at the head, it has nothing to ask for ahead.
      expect((await warmStart(f.env)).summary).toBe(
        `nothing to backfill (cursor ${head}, finalized ${last})`,
      );
      // Nor without its database, and it says why; the follower would ask for itself.
      const lost = await warmStart({
        ...f.env,
        DATABASE_URL: `${f.env.DATABASE_URL}_missing`,
      });
      expect(lost.summary).toMatch(
        /^nothing asked for ahead: database ".*_missing" does not exist$/,
      );
    } finally {
      await f.close();
    }
  });
});
