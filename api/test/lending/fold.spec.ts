import { DataSource, type QueryRunner } from 'typeorm';

import { migrate as migrateIndexer } from '../../../indexer/src/database/data-source';
import type { LendingChain } from '../../src/lending/chain/lending-chain';
import {
  LoanProjection,
  loanLock,
  VACUUM_MIN_CHANGES,
} from '../../src/lending/projection/loan-projection';
import {
  dropDatabase,
  ensureDatabase,
  uniqueDatabaseName,
  withDatabase,
} from '@lendpath/test-kit/postgres';
import { postgresServerUrl } from '@lendpath/test-kit/services';
import { until } from '@lendpath/test-kit/until';
import { dataSourceOptions, migrate } from '../../src/database/data-source';
import { Sql } from '../../src/database/sql';

/**
 * The fold itself, on hand-made event histories in the real database: what each chain event
 * sets, what a reorg's `removed` flag and the fast path's hints change, and that re-folding is
 * idempotent.
 */
describe('the loan fold (LoanProjection.reconcile)', () => {
  const chainId = 990_001;
  const address = '0x00000000000000000000000000000000000f01d0';
  let db: DataSource;
  let projection: LoanProjection;
  let block = 100;
  let nextLoan = 1;

  // A database of its own: the indexer's schema does not belong in the suites' shared one.
  const url = withDatabase(postgresServerUrl(), uniqueDatabaseName('lendpath_fold'));

  beforeAll(async () => {
    await ensureDatabase(url);
    await migrate(url);
    await migrateIndexer(url);
    db = await new DataSource(dataSourceOptions(url)).initialize();
    projection = new LoanProjection(
      db,
      { chainId, address } as unknown as LendingChain,
      new Sql(db),
    );
    await db.query(
      `INSERT INTO indexer.sources (chain_id, address, deploy_block, cursor_block, cursor_hash,
                                    safe_block, finalized_block)
       VALUES ($1, $2, 1, 1000, '0xc', 995, 990)`,
      [chainId, address],
    );
  });
  afterAll(async () => {
    await projection.beforeApplicationShutdown();
    await db.destroy();
    await dropDatabase(url);
  });

  /** A projection of another contract, whose indexer stands at `position`. */
  const anotherContract = async (
    other: { chainId: number; address: string },
    position: { cursor: number; safe: number; finalized: number },
  ) => {
    await db.query(
      `INSERT INTO indexer.sources (chain_id, address, deploy_block, cursor_block, cursor_hash,
                                    safe_block, finalized_block)
       VALUES ($1, $2, 1, $3::bigint, '0x' || $3::text, $4, $5)`,
      [other.chainId, other.address, position.cursor, position.safe, position.finalized],
    );
    const otherProjection = new LoanProjection(db, other as unknown as LendingChain, new Sql(db));
    /** Loan `loanId` requested in block `at` of that contract, as the indexer stores it. */
    const requestedAt = (loanId: number, at: number, duration = '1') =>
      db.query(
        `INSERT INTO indexer.chain_events (chain_id, address, block_number, block_hash,
           block_timestamp, log_index, tx_hash, name, loan_id, args)
         VALUES ($1, $2, $3::int, '0x' || $3, 1700000000 + $3::int, 0, '0xtx', 'LoanRequested', $4, $5)`,
        [
          other.chainId,
          other.address,
          at,
          loanId,
          JSON.stringify({ id: `${loanId}`, borrower: '0xb0', amount: '1000000', duration }),
        ],
      );
    return { other, otherProjection, requestedAt };
  };
  const loan = () => `${nextLoan++}`;
  /** How often app.loan_requests has been vacuumed and analyzed, by hand or by the projection. */
  const vacuums = async () => {
    const [row] = await db.query<{ vacuums: number; analyzes: number }[]>(
      `SELECT vacuum_count::int AS vacuums, analyze_count::int AS analyzes
       FROM pg_stat_user_tables WHERE schemaname = 'app' AND relname = 'loan_requests'`,
    );
    return row!;
  };
  const store = async (
    loanId: string,
    name: string,
    args: Record<string, string | boolean> = {},
    options: { removed?: boolean; block?: number; hint?: boolean } = {},
  ) => {
    const at = options.block ?? block++;
    const table = options.hint === true ? 'app.loan_chain_hints' : 'indexer.chain_events';
    await db.query(
      `INSERT INTO ${table} (chain_id, address, block_number, block_hash, block_timestamp,
                             log_index, tx_hash, name, loan_id, args${options.hint === true ? '' : ', removed'})
       VALUES ($1, $2, $3, $4, $5, 0, '0xtx', $6, $7, $8${options.hint === true ? '' : ', $9'})`,
      [
        chainId,
        address,
        at,
        `0xhash${at}-${loanId}-${name}`,
        1_700_000_000 + at,
        name,
        loanId,
        JSON.stringify({ id: loanId, ...args }),
        ...(options.hint === true ? [] : [options.removed === true]),
      ],
    );
  };
  const requested = (id: string, options = {}) =>
    store(
      id,
      'LoanRequested',
      { borrower: '0xb0', amount: '2500000', duration: '604800', maxAprBps: '2000' },
      options,
    );
  const funded = (id: string, options = {}) =>
    store(
      id,
      'LoanFunded',
      {
        borrower: '0xb0',
        lender: '0x1e',
        aprBps: '550',
        dueDate: '1700604900',
        repaymentAmount: '2502636',
      },
      options,
    );
  const repaid = (id: string, escrowed = false, options = {}) =>
    store(
      id,
      'LoanRepaid',
      { borrower: '0xb0', lender: '0x1e', amount: '2502636', penalty: '7', escrowed },
      options,
    );
  const row = async (id: string) =>
    (
      await db.query<Record<string, unknown>[]>(
        `SELECT status, borrower_wallet, amount_units::text AS amount, duration_seconds::text AS duration,
                lender_wallet, apr_bps, start_date, due_date, repayment_units::text AS repayment,
                repaid_units::text AS repaid, penalty_units::text AS penalty, escrowed,
                escrow_released, as_of_block::text AS as_of_block, finality
         FROM app.loan_requests WHERE chain_id = $1 AND loan_chain_id = $2`,
        [chainId, id],
      )
    )[0];

  /** The marketplace's totals (app.loan_counts, kept by triggers) beside a count of the rows. */
  const totals = async () => {
    type Total = { chain_id: number; status: string; loans: number };
    const [kept, counted] = await Promise.all([
      db.query<Total[]>(
        `SELECT chain_id, status, sum(loans)::int AS loans FROM app.loan_counts
         GROUP BY 1, 2 HAVING sum(loans) > 0 ORDER BY 1, 2`,
      ),
      db.query<Total[]>(
        `SELECT chain_id, status, count(*)::int AS loans FROM app.loan_requests
         WHERE status IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`,
      ),
    ]);
    return { kept, counted };
  };
  // Every fold below inserts, updates and un-lists loans (a removed request): the totals follow.
  afterEach(async () => {
    const { kept, counted } = await totals();
    expect(kept).toEqual(counted);
  });

  it('follows request → fund → repay, keeping each event’s figures', async () => {
    const id = loan();
    await requested(id);
    await funded(id, { block: 900 });
    await repaid(id, false, { block: 996 });
    const transitions = await projection.reconcile([id]);
    expect(transitions).toEqual([
      expect.objectContaining({ loanChainId: id, from: null, to: 'repaid' }),
    ]);
    expect(await row(id)).toEqual({
      status: 'repaid',
      borrower_wallet: '0xb0',
      amount: '2500000',
      duration: '604800',
      lender_wallet: '0x1e',
      apr_bps: 550,
      // The loan started with the block that funded it (store() times block n at 1,700,000,000 + n).
      start_date: new Date(1_700_000_900_000),
      due_date: new Date(1_700_604_900_000),
      repayment: '2502636',
      repaid: '2502636',
      penalty: '7',
      escrowed: false,
      escrow_released: false,
      as_of_block: '996',
      // Above the safe block (995): pending.
      finality: 'pending',
    });
    // Re-folding changes nothing and reports nothing.
    expect(await projection.reconcile([id, id])).toEqual([]);
  });

  it('ends cancelled or defaulted, and repaid after a default', async () => {
    const cancelled = loan();
    await requested(cancelled);
    await store(cancelled, 'LoanCancelled');
    const defaulted = loan();
    await requested(defaulted);
    await funded(defaulted);
    await store(defaulted, 'LoanDefaulted');
    const late = loan();
    await requested(late);
    await funded(late);
    await store(late, 'LoanDefaulted');
    await repaid(late);
    await projection.reconcile([cancelled, defaulted, late]);
    expect((await row(cancelled))?.status).toBe('cancelled');
    expect((await row(defaulted))?.status).toBe('defaulted');
    expect((await row(late))?.status).toBe('repaid');
    expect((await row(late))?.finality).toBe('finalized');
  });

  it('records an escrowed repayment and its release', async () => {
    const id = loan();
    await requested(id);
    await funded(id);
    await repaid(id, true);
    await projection.reconcile([id]);
    expect(await row(id)).toMatchObject({ escrowed: true, escrow_released: false });
    await store(id, 'FundsReleased', { lender: '0x1e', amount: '2502636' });
    await projection.reconcile([id]);
    expect(await row(id)).toMatchObject({
      status: 'repaid',
      escrowed: true,
      escrow_released: true,
    });
  });

  it('ignores removed events, and has no loan when its request was removed', async () => {
    const id = loan();
    await requested(id);
    await funded(id, { removed: true });
    await projection.reconcile([id]);
    expect((await row(id))?.status).toBe('requested');
    const gone = loan();
    await requested(gone, { removed: true });
    await projection.reconcile([gone]);
    expect((await row(gone))?.status).toBeNull();
  });

  it('folds fast-path hints only above the indexer’s cursor, and drops the rest', async () => {
    const id = loan();
    await requested(id);
    await funded(id, { hint: true, block: 1_001 });
    await projection.reconcile([id]);
    expect(await row(id)).toMatchObject({
      status: 'funded',
      as_of_block: '1001',
      finality: 'pending',
    });
    // The indexer passed block 1001 without that event (a reorg dropped it): the hint goes.
    await db.query(`UPDATE indexer.sources SET cursor_block = 1001 WHERE chain_id = $1`, [chainId]);
    await projection.reconcile([]);
    expect((await row(id))?.status).toBe('requested');
    const [{ count }] = await db.query<[{ count: number }]>(
      `SELECT count(*)::int AS count FROM app.loan_chain_hints WHERE chain_id = $1`,
      [chainId],
    );
    expect(count).toBe(0);
  });

  it.each([
    ['the indexer’s announcement', 'all', 990_002],
    ['a member’s call', 'folded', 990_004],
  ] as const)(
    'settles a loan whose fold (%s) overlapped the reconcile of the blocks that settled it',
    async (_, promote, chainId) => {
      // Another contract, so this one's indexer position can move without touching the others'.
      const { other, otherProjection, requestedAt } = await anotherContract(
        { chainId, address: '0x00000000000000000000000000000000000f01d1' },
        { cursor: 16, safe: 14, finalized: 11 },
      );
      await requestedAt(1, 16, '604800');
      // The job for block 16 has read the indexer's position and waits for the loan's lock...
      const holder = db.createQueryRunner();
      await holder.connect();
      await holder.startTransaction();
      await holder.query(`SELECT pg_advisory_xact_lock($1, $2)`, loanLock(other.chainId, 1n));
      const slowFold = otherProjection.reconcile(['1'], { promote });
      const waiting = async () =>
        (
          await db.query<{ n: number }[]>(
            `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`,
          )
        )[0]?.n;
      while ((await waiting()) === 0) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // ...while six blocks are mined and their job, with no loans, settles what it can see.
      await db.query(
        `UPDATE indexer.sources SET cursor_block = 22, cursor_hash = '0x22', safe_block = 20,
                                  finalized_block = 17
       WHERE chain_id = $1`,
        [other.chainId],
      );
      expect(await otherProjection.reconcile([])).toEqual([]);
      await holder.commitTransaction();
      await holder.release();

      const transitions = await slowFold;
      const [settled] = await db.query<{ finality: string }[]>(
        `SELECT finality FROM app.loan_requests WHERE chain_id = $1 AND loan_chain_id = 1`,
        [other.chainId],
      );
      // No later job would settle it: the chain has nothing more to say about this loan.
      expect(settled?.finality).toBe('finalized');
      expect(transitions.at(-1)).toMatchObject({ loanChainId: '1', finality: 'finalized' });
    },
  );

  it('stores a member’s hints in its fold, settles that member’s loans alone, and tells a fold’s changes before its promotion’s', async () => {
    // Another contract, so that moving its safe block settles nobody else's rows.
    const { other, otherProjection, requestedAt } = await anotherContract(
      { chainId: 990_003, address: '0x00000000000000000000000000000000000f01d2' },
      { cursor: 30, safe: 20, finalized: 10 },
    );
    for (const [loanId, at] of [
      [1, 25],
      [2, 26],
      [3, 27],
    ] as const) {
      await requestedAt(loanId, at);
    }
    await otherProjection.reconcile(['1', '2', '3']);
    const rows = async () =>
      (
        await db.query<{ id: string; status: string; finality: string }[]>(
          `SELECT loan_chain_id::text AS id, status, finality FROM app.loan_requests
           WHERE chain_id = $1 ORDER BY 1`,
          [other.chainId],
        )
      ).map((r) => `${r.id} ${r.status} ${r.finality}`);
    const hints = async () =>
      (
        await db.query<{ block: number }[]>(
          `SELECT block_number::int AS block FROM app.loan_chain_hints WHERE chain_id = $1`,
          [other.chainId],
        )
      ).map((r) => r.block);
    expect(await rows()).toEqual([
      '1 requested pending',
      '2 requested pending',
      '3 requested pending',
    ]);

    // The borrower cancels loan 2 in block 31, above the indexer's cursor, and calls with the
    // receipt: the hint is stored and folded by the same reconcile.
    const cancelled = {
      name: 'LoanCancelled' as const,
      blockNumber: 31,
      blockHash: '0x31',
      blockTimestamp: 1_700_000_031,
      logIndex: 0,
      args: { id: '2' },
      loanId: '2',
      txHash: '0xcancel',
    };
    await otherProjection.reconcile(['2'], { hints: [cancelled], promote: 'folded' });
    expect((await rows())[1]).toBe('2 cancelled pending');
    expect(await hints()).toEqual([31]);
    // A receipt of a block the indexer has already passed: not stored, the loan folded from the
    // indexer's events (here without it: a reorg took it).
    await otherProjection.reconcile(['1'], {
      hints: [{ ...cancelled, blockNumber: 29, blockHash: '0x29', args: { id: '1' }, loanId: '1' }],
      promote: 'folded',
    });
    expect((await rows())[0]).toBe('1 requested pending');
    expect(await hints()).toEqual([31]);

    // Blocks 25 to 27 become safe. A member's call settles its own loan, not the others'...
    await db.query(`UPDATE indexer.sources SET safe_block = 28 WHERE chain_id = $1`, [
      other.chainId,
    ]);
    expect(await otherProjection.reconcile(['1'], { promote: 'folded' })).toEqual([
      expect.objectContaining({ loanChainId: '1', finality: 'safe', finalityOnly: true }),
    ]);
    expect(await rows()).toEqual([
      '1 requested safe',
      '2 cancelled pending',
      '3 requested pending',
    ]);
    // ...and the indexer's announcement of the blocks that settled, which every such move makes,
    // settles the rest (loan 2 waits for the indexer to pass the hint's block). Here it comes
    // with loan 4, requested in block 29: the fold's change is told as soon as it is committed,
    // before the promotion has settled loan 3, and then the promotion's.
    await requestedAt(4, 29);
    // Loan 3's row held by another transaction, so that the promotion waits for it.
    const holder = db.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query(
      `SELECT 1 FROM app.loan_requests WHERE chain_id = $1 AND loan_chain_id = 3 FOR UPDATE`,
      [other.chainId],
    );
    const told: string[][] = [];
    const reconciled = otherProjection.reconcile(['4'], {
      committed: (changes) =>
        told.push(changes.map((c) => `${c.loanChainId} ${c.to} ${c.finality}`)),
    });
    await until(
      'the fold told',
      () => Promise.resolve(told.length),
      (n) => n > 0,
    );
    expect(told).toEqual([['4 requested pending']]);
    await holder.commitTransaction();
    await holder.release();
    const transitions = await reconciled;
    expect(told).toEqual([['4 requested pending'], ['3 requested safe']]);
    expect(transitions.map((t) => `${t.loanChainId} ${t.to} ${t.finality}`)).toEqual([
      '4 requested pending',
      '3 requested safe',
    ]);
    expect(transitions.at(-1)).toMatchObject({ finalityOnly: true });
  });

  it('folds a new block’s loans with generic plans, and leaves its connection as it found it', async () => {
    // One connection, so that its prepared statements and their plans can be read back.
    const single = await new DataSource({
      ...dataSourceOptions(url),
      extra: { ...(dataSourceOptions(url).extra as object), max: 1 },
    }).initialize();
    const sql = new Sql(single);
    const own = new LoanProjection(single, { chainId, address } as unknown as LendingChain, sql);
    try {
      const id = loan();
      await requested(id);
      // Left to itself, Postgres plans a prepared statement's first five executions for their
      // values; past them, on a history the size of the indexer bench's, it went on planning the
      // fold on every call, its generic plan estimated costlier.
      for (let i = 0; i < 7; i++) {
        await own.reconcile([id]);
      }
      await funded(id);
      await own.reconcile([id]);
      expect((await row(id))?.status).toBe('funded');
      const plans = await sql.rows<{ generic: number; custom: number }>(
        `SELECT generic_plans::int AS generic, custom_plans::int AS custom
         FROM pg_prepared_statements
         WHERE statement LIKE '%WITH old AS%' AND statement NOT LIKE '%pg_prepared_statements%'`,
      );
      expect(plans).toEqual([{ generic: 8, custom: 0 }]);
      // The setting lasted the transaction only.
      expect(await single.query('SHOW plan_cache_mode')).toEqual([{ plan_cache_mode: 'auto' }]);
    } finally {
      await own.beforeApplicationShutdown();
      await single.destroy();
    }
  });

  it('folds a large batch in parallel parts, every loan as a fold of it alone would', async () => {
    // Above PARALLEL_FOLD_MIN_LOANS, so the default two parts (one per set of lock buckets).
    const first = 100_000;
    const count = 1_500;
    for (const [offset, name, args] of [
      [
        0,
        'LoanRequested',
        `'borrower', '0xb0', 'amount', '2500000', 'duration', '604800', 'maxAprBps', '2000'`,
      ],
      [
        1,
        'LoanFunded',
        `'lender', '0x1e', 'aprBps', '550', 'dueDate', '1700604900', 'repaymentAmount', '2502636'`,
      ],
      [2, 'LoanRepaid', `'lender', '0x1e', 'amount', '2502636', 'penalty', '0', 'escrowed', false`],
    ] as const) {
      await db.query(
        `INSERT INTO indexer.chain_events (chain_id, address, block_number, block_hash,
           block_timestamp, log_index, tx_hash, name, loan_id, args, removed)
         SELECT $1, $2, 600 + $3, '0xbulk' || ($3::int), 1700000000, id - $4, '0xtx', $5, id,
                jsonb_build_object('id', id::text, ${args}), false
         FROM generate_series($4::bigint, $4::bigint + $6 - 1) AS id`,
        [chainId, address, offset, first, name, count],
      );
    }
    // A hint the indexer has passed, for a loan in the second part's buckets: dropped, and its
    // loan folded without it even though the first part, which takes the hints, does not hold it.
    const hinted = `${first + 1}`;
    expect(loanLock(chainId, BigInt(hinted))[1] % 2).toBe(1);
    await store(hinted, 'LoanCancelled', {}, { hint: true, block: 700 });

    const ids = Array.from({ length: count }, (_, i) => `${first + i}`);
    const vacuumsBefore = await vacuums();
    const transitions = await projection.reconcile(ids);

    expect(transitions).toHaveLength(count);
    // So many changed rows: the table is vacuumed and analyzed behind them (vacuumSoon).
    expect(count).toBeGreaterThanOrEqual(VACUUM_MIN_CHANGES);
    await projection.beforeApplicationShutdown();
    await until(
      'a VACUUM (ANALYZE) of app.loan_requests',
      vacuums,
      (now) => now.vacuums > vacuumsBefore.vacuums && now.analyzes > vacuumsBefore.analyzes,
    );
    expect(new Set(transitions.map((t) => t.loanChainId))).toEqual(new Set(ids));
    const [folded] = await db.query<{ repaid: number; released: number }[]>(
      `SELECT count(*) FILTER (WHERE status = 'repaid' AND as_of_block = 602)::int AS repaid,
              count(*) FILTER (WHERE escrow_released)::int AS released
       FROM app.loan_requests WHERE chain_id = $1 AND loan_chain_id >= $2`,
      [chainId, first],
    );
    expect(folded).toEqual({ repaid: count, released: 0 });
    expect(
      await db.query(`SELECT 1 FROM app.loan_chain_hints WHERE chain_id = $1 AND loan_id = $2`, [
        chainId,
        hinted,
      ]),
    ).toEqual([]);
    // Folding again changes nothing: each part wrote exactly its loans' rows.
    expect(await projection.reconcile(ids)).toEqual([]);
  });

  it('lets loans of different shards change the totals side by side, not one commit after another', async () => {
    // The parts of a backfill's fold split its loans by `loan_chain_id % 64 % parts`, the totals
    // by `loan_chain_id % 8`: no part waits at the trigger for the other's commit.
    const listed = (runner: QueryRunner, id: number) =>
      runner.query(
        `INSERT INTO app.loan_requests (chain_id, loan_chain_id, status, borrower_wallet,
           amount_units, duration_seconds, requested_at, as_of_block, as_of_block_hash, finality)
         VALUES ($1, $2, 'requested', '0xb0', 1, 1, now(), 1, '0xh', 'finalized')`,
        [chainId, id],
      );
    const [open, other, same] = [0, 1, 2].map(() => db.createQueryRunner());
    try {
      await open!.startTransaction();
      await listed(open!, 900_000);
      await other!.startTransaction();
      // Had it to wait for the open transaction, the lock timeout would fail it.
      await other!.query(`SET LOCAL lock_timeout = '5s'`);
      await listed(other!, 900_001);
      await other!.commitTransaction();
      // A loan of the same shard still takes its turn, as every loan did before the shards.
      await same!.startTransaction();
      await same!.query(`SET LOCAL lock_timeout = '200ms'`);
      await expect(listed(same!, 900_008)).rejects.toThrow('lock timeout');
      await same!.rollbackTransaction();
      await open!.commitTransaction();
    } finally {
      await Promise.all([open, other, same].map((runner) => runner!.release()));
    }
  });

  it('keeps the totals through deletes, un-listing and TRUNCATE', async () => {
    const ids = [loan(), loan(), loan()];
    for (const id of ids) {
      await requested(id);
    }
    await funded(ids[0]!);
    await projection.reconcile(ids);
    let { kept, counted } = await totals();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(counted);

    await db.query(
      `UPDATE app.loan_requests SET status = NULL WHERE chain_id = $1 AND loan_chain_id = $2`,
      [chainId, ids[1]],
    );
    await db.query(`DELETE FROM app.loan_requests WHERE chain_id = $1 AND loan_chain_id = $2`, [
      chainId,
      ids[0],
    ]);
    ({ kept, counted } = await totals());
    expect(kept).toEqual(counted);

    await db.query('TRUNCATE app.loan_requests CASCADE');
    expect(await db.query('SELECT * FROM app.loan_counts')).toEqual([]);
  });
});
