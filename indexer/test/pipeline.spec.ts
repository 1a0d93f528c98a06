import { demoWallets } from '@lendpath/contracts';
import { Client } from 'pg';

import { type RpcCall, RpcClient, RpcError } from '../src/chain/rpc-client';
import { Follower } from '../src/follower/follower';
import { IndexerMetrics } from '../src/metrics/indexer-metrics';
import { type IndexerFixture, indexerFixture } from './support/indexer-fixture';

const [borrower] = demoWallets.map((wallet) => wallet.address) as [`0x${string}`];

/**
 * The follower's pipeline: the next step's blocks are fetched while this step commits, and one
 * step ahead only; a commit held up holds up nothing that is lost.
 */
describe('the follower fetching ahead', () => {
  let f: IndexerFixture;

  beforeAll(async () => {
    // One block a backfill step, so that a short history is many steps.
    f = await indexerFixture({ INDEXER_INITIAL_RANGE: '1', INDEXER_MAX_RANGE: '1' });
    await f.actions.approve(borrower);
    for (let i = 0; i < 8; i++) {
      await f.actions.request(borrower, 1_000_000n + BigInt(i), 86_400n * 7n);
    }
  }, 60_000);
  afterAll(() => f.close());

  const getLogsCalls = async (metrics: IndexerMetrics) =>
    (await metrics.rpcSeconds.get()).values.find(
      (value) =>
        value.metricName === 'indexer_rpc_seconds_count' && value.labels.method === 'eth_getLogs',
    )?.value ?? 0;

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
    await f.actions.approve(borrower);
    for (let i = 0; i < 8; i++) {
      await f.actions.request(borrower, 2_000_000n + BigInt(i), 86_400n * 7n);
    }
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
      await other.actions.approve(borrower);
      for (let i = 0; i < 8; i++) {
        await other.actions.request(borrower, 3_000_000n + BigInt(i), 86_400n * 7n);
      }
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

  it('commits its last range and the unfinalized blocks above it as one batch', async () => {
    const head = Number(await f.chain.rpc<string>('eth_blockNumber'));
    await f.start();
    await f.until('the history announced', announcements, (rows) =>
      rows.some((row) => Number(row.to_block) >= head),
    );
    // One batch from the deploy to the head: the API folds each loan once. The last requests
    // are above the finalized depth (5 blocks), so they were fetched by hash, parent by parent.
    const [batch, ...rest] = await announcements();
    expect(rest).toEqual([]);
    expect(Number(batch!.to_block)).toBe(head);
    expect(batch!.loans).toBe(8);
    const [blocks] = await f.db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM indexer.blocks`,
    );
    // The finalized block and the five above it, each kept for a reorg check.
    expect(blocks!.n).toBe(6);
    expect(await f.storedEvents()).toHaveLength(8);
  });
});
