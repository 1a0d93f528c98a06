import type { INestApplication } from '@nestjs/common';
import { CommandBus, EventBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

import { migrate as migrateIndexer } from '../../../indexer/src/database/data-source';
import {
  dropDatabase,
  ensureDatabase,
  uniqueDatabaseName,
  withDatabase,
} from '@lendpath/test-kit/postgres';
import { postgresServerUrl } from '@lendpath/test-kit/services';
import { until } from '@lendpath/test-kit/until';
import { migrate } from '../../src/database/data-source';
import { RecoverLoansCommand } from '../../src/lending/commands/recover-loans/recover-loans.command';
import { LoanChangesCommittedEvent, type LoanEvent } from '../../src/lending/events/loan-events';
import { LoanProjection } from '../../src/lending/projection/loan-projection';
import { createApp } from '../../src/main';
import { testEnv } from '../test-env';

/**
 * The recovery (issue 16 §1) on hand-made event stores in the real database: which loans it finds
 * behind their events, that it re-folds them on boot, on its timer and through its command, and
 * that what it leaves is a fixpoint (nothing is found twice).
 */
describe('the loan recovery (RecoverLoansCommand)', () => {
  // The deployment of test/fixtures/deployment.json, which testEnv's DEPLOYMENT_FILE names.
  const chainId = 31337;
  const address = '0x000000000000000000000000000000000000dead';
  const CURSOR = 1_000;
  let url: string;
  let app: INestApplication | undefined;
  let db: DataSource;

  beforeEach(async () => {
    // A database of its own: the indexer's schema does not belong in the suites' shared one.
    url = withDatabase(postgresServerUrl(), uniqueDatabaseName('lendpath_recovery'));
    await ensureDatabase(url);
    await migrate(url);
    await migrateIndexer(url);
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await dropDatabase(url);
  });

  const boot = async (env: NodeJS.ProcessEnv = {}) => {
    app = await createApp(testEnv({ DATABASE_URL: url, ...env }));
    await app.init();
    db = app.get(DataSource);
    return app;
  };
  const raw = async <T>(sql: string, params: unknown[] = []): Promise<T> => {
    const client = new DataSource({ type: 'postgres', url });
    await client.initialize();
    try {
      return await client.query<T>(sql, params);
    } finally {
      await client.destroy();
    }
  };
  const source = (query = raw) =>
    query(
      `INSERT INTO indexer.sources (chain_id, address, deploy_block, cursor_block, cursor_hash,
                                    safe_block, finalized_block)
       VALUES ($1, $2, 1, $3::bigint, '0xc', $3::bigint - 2, $3::bigint - 5)`,
      [chainId, address, CURSOR],
    );
  const ARGS: Record<string, Record<string, string>> = {
    LoanRequested: { borrower: '0xb0', amount: '2500000', duration: '604800', maxAprBps: '2000' },
    LoanFunded: { borrower: '0xb0', lender: '0x1e', aprBps: '550', dueDate: '1700604900' },
    LoanCancelled: { borrower: '0xb0' },
  };
  /** A chain event (or, with `hint`, a fast-path hint) of loan `id` in block `block`. */
  const store = (
    query: typeof raw,
    id: number,
    name: keyof typeof ARGS,
    block: number,
    options: { hash?: string; removed?: boolean; hint?: boolean } = {},
  ) => {
    const hint = options.hint === true;
    return query(
      `INSERT INTO ${hint ? 'app.loan_chain_hints' : 'indexer.chain_events'}
         (chain_id, address, block_number, block_hash, block_timestamp, log_index, tx_hash, name,
          loan_id, args${hint ? '' : ', removed'})
       VALUES ($1, $2, $3, $4, $5, $6, '0xtx', $7, $8, $9${hint ? '' : ', $10'})`,
      [
        chainId,
        address,
        block,
        options.hash ?? `0xblock${block}`,
        1_700_000_000 + block,
        id,
        name,
        id,
        JSON.stringify({ id: `${id}`, ...ARGS[name] }),
        ...(hint ? [] : [options.removed === true]),
      ],
    );
  };
  const statuses = async (query: typeof raw = raw) =>
    Object.fromEntries(
      (
        await query<{ id: string; status: string | null }[]>(
          `SELECT loan_chain_id::text AS id, status FROM app.loan_requests
           WHERE chain_id = $1 ORDER BY loan_chain_id`,
          [chainId],
        )
      ).map((row) => [row.id, row.status]),
    );
  const stale = async (sinceBlock = -1) =>
    (await app!.get(LoanProjection).staleLoanIds(sinceBlock)).ids.map(Number).sort((a, b) => a - b);

  it('re-folds on boot, before the app has started, every loan the event store is ahead of', async () => {
    await source();
    await store(raw, 1, 'LoanRequested', 900);
    await store(raw, 2, 'LoanRequested', 901);
    await store(raw, 2, 'LoanFunded', 950);
    await boot();
    expect(await statuses()).toEqual({ '1': 'requested', '2': 'funded' });
    expect(await stale()).toEqual([]);
  });

  it('boots with nothing to do before the indexer has made its event store', async () => {
    await raw('DROP SCHEMA indexer CASCADE');
    await boot();
    expect(await stale()).toEqual([]);
  });

  it('finds each kind of row the store has moved past, re-folds them all, and then none', async () => {
    await source();
    await boot();
    const query = <T>(sql: string, params: unknown[] = []) => db.query<T>(sql, params);
    const projection = app!.get(LoanProjection);
    // Rows as a reconcile left them, one loan each:
    // 1 up to date; 2 behind a LoanFunded; 4 re-mined at the same height in another block;
    // 5 all of whose events were reorganised away; 6 behind a hint above the cursor;
    // 7 folded from a hint the indexer has since passed (and stored).
    for (const id of [1, 2, 4, 5, 6, 7]) {
      await store(query, id, 'LoanRequested', 900 + id);
    }
    await store(query, 7, 'LoanFunded', CURSOR + 1, { hint: true });
    await projection.reconcile(['1', '2', '4', '5', '6', '7']);
    expect(await stale()).toEqual([]);
    expect((await statuses(query))['7']).toBe('funded');

    await store(query, 2, 'LoanFunded', 960);
    // 3 has events and no row at all.
    await store(query, 3, 'LoanRequested', 903);
    await store(query, 3, 'LoanCancelled', 970);
    await query(`UPDATE indexer.chain_events SET removed = true WHERE loan_id IN (4, 5)`);
    await store(query, 4, 'LoanRequested', 904, { hash: '0xreorged904' });
    await query(`UPDATE indexer.sources SET cursor_block = $1`, [CURSOR + 5]);
    await store(query, 7, 'LoanFunded', CURSOR + 1);
    await store(query, 6, 'LoanFunded', CURSOR + 10, { hint: true });
    expect(await stale()).toEqual([2, 3, 4, 5, 6, 7]);

    const published: LoanEvent[] = [];
    app!.get(EventBus).subscribe((event) => {
      if (event instanceof LoanChangesCommittedEvent) {
        published.push(...event.events);
      }
    });
    const recovery = await app!.get(CommandBus).execute(new RecoverLoansCommand());
    expect(recovery).toEqual({
      stale: 6,
      changed: expect.any(Number) as number,
      // The lower of the cursor (now CURSOR + 5) and the finalized block (CURSOR - 5).
      watermark: CURSOR - 5,
    });
    expect(await statuses(query)).toEqual({
      '1': 'requested',
      '2': 'funded',
      '3': 'cancelled',
      '4': 'requested',
      '5': null,
      '6': 'funded',
      '7': 'funded',
    });
    expect(await stale()).toEqual([]);
    // Published as a job's reconcile publishes them: status changes and the reorg's removal.
    const by = (id: string) => published.filter((event) => event.loanChainId === id);
    expect(by('2').map((event) => event.constructor.name)).toContain('LoanFundedEvent');
    expect(by('3').map((event) => event.constructor.name)).toContain('LoanCancelledEvent');
    expect(by('5').map((event) => event.constructor.name)).toContain('LoanRemovedEvent');
    expect(by('1')).toEqual([]);
  });

  it('re-folds more loans than one reconcile takes, chunk by chunk', async () => {
    await source();
    await raw(
      `INSERT INTO indexer.chain_events (chain_id, address, block_number, block_hash,
         block_timestamp, log_index, tx_hash, name, loan_id, args)
       SELECT $1, $2, 500 + i / 100, '0xblock' || (500 + i / 100), 1700000000, i % 100, '0xtx',
              'LoanRequested', i, jsonb_build_object('id', i::text, 'borrower', '0xb0',
              'amount', '1000000', 'duration', '604800', 'maxAprBps', '2000')
       FROM generate_series(1, 4500) AS i`,
      [chainId, address],
    );
    await boot();
    const [{ requested }] = await db.query<[{ requested: number }]>(
      `SELECT count(*)::int AS requested FROM app.loan_requests WHERE status = 'requested'`,
    );
    expect(requested).toBe(4500);
    expect(await stale()).toEqual([]);
  });

  it('sweeps again on its timer', async () => {
    await source();
    await boot({ LENDING_RECOVERY_INTERVAL_MS: '1000' });
    // Stored above the cursor as a batch whose job never reached this API (lost with another
    // process), then the cursor moved past it.
    await store(raw, 1, 'LoanRequested', CURSOR + 1);
    await raw(`UPDATE indexer.sources SET cursor_block = $1`, [CURSOR + 1]);
    await until('the timer to re-fold loan 1', statuses, (seen) => seen['1'] === 'requested');
  });

  it('after boot, looks only at loans with events or rows at or above the last watermark', async () => {
    await source();
    await boot();
    // Below the watermark (the finalized block, CURSOR - 5) nothing can arrive or be removed any
    // more; a row there that disagrees is found by a full look (boot) only.
    await store(raw, 1, 'LoanRequested', 900);
    await store(raw, 2, 'LoanRequested', CURSOR - 5);
    await store(raw, 3, 'LoanRequested', CURSOR - 4, { removed: true });
    expect(await stale()).toEqual([1, 2]);
    expect(await stale(CURSOR - 5)).toEqual([2]);
    const recovery = await app!.get(CommandBus).execute(new RecoverLoansCommand(CURSOR - 5));
    expect(recovery).toMatchObject({ stale: 1, watermark: CURSOR - 5 });
    expect(await statuses()).toEqual({ '2': 'requested' });
  });
});
