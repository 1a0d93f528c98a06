import { DataSource } from 'typeorm';

import { dataSourceOptions, migrate } from '../src/database/data-source';
import { type EncodedEvents, EventBatch, eventRow, rowPrefix } from '../src/follower/event-rows';
import { COPY_MIN_EVENTS, type StoredEvent, writeEvents } from '../src/follower/follower.store';

describe(writeEvents.name, () => {
  const chainId = 990_002;
  const address = '0x00000000000000000000000000000000000e7e47';
  let db: DataSource;

  beforeAll(async () => {
    const url = process.env.DATABASE_URL as string;
    await migrate(url);
    db = await new DataSource(dataSourceOptions(url)).initialize();
  });
  afterAll(() => db.destroy());

  const events = (block: number, count: number): StoredEvent[] =>
    Array.from({ length: count }, (_, i) => ({
      name: 'LoanRequested',
      loanId: `${block * 1000 + i}`,
      blockNumber: block,
      blockHash: `0xblock${block}`,
      blockTimestamp: 1_700_000_000 + block,
      logIndex: i,
      txHash: `0xtx${block}-${i}`,
      // A value with COPY's special characters must survive the text format.
      args: { id: `${block * 1000 + i}`, note: 'tab\there\\and\nnewline' },
    }));
  /** The events as the log worker hands them over: COPY rows. */
  const encoded = (batch: StoredEvent[]): EventBatch => {
    const rows: EncodedEvents = {
      rows: batch.map((e) => eventRow(rowPrefix(chainId, address), e, e.blockTimestamp)).join(''),
      count: batch.length,
      loanIds: [...new Set(batch.map((e) => e.loanId))],
      blockHashes: [...new Set(batch.map((e) => e.blockHash))],
    };
    return EventBatch.encoded(rows);
  };
  const write = (batch: StoredEvent[] | EventBatch) =>
    db.transaction((manager) =>
      writeEvents(
        manager.queryRunner!,
        chainId,
        address,
        batch instanceof EventBatch ? batch : EventBatch.of(batch),
      ),
    );
  const stored = () =>
    db.query<{ loan_id: string; removed: boolean; note: string }[]>(
      `SELECT loan_id::text, removed, args->>'note' AS note FROM indexer.chain_events
       WHERE chain_id = $1 ORDER BY block_number, log_index`,
      [chainId],
    );

  const NOTE = 'tab\there\\and\nnewline';

  it('copies a big batch of new blocks in, special characters and all', async () => {
    await write(events(1, COPY_MIN_EVENTS));
    const rows = await stored();
    expect(rows).toHaveLength(COPY_MIN_EVENTS);
    expect(rows.every((row) => !row.removed && row.note === NOTE)).toBe(true);
    expect(rows.slice(0, 2).map((row) => row.loan_id)).toEqual(['1000', '1001']);
  });

  it("inserts a realtime block's few events, special characters and all", async () => {
    await write(events(2, 2));
    expect((await stored()).slice(COPY_MIN_EVENTS)).toEqual(
      [2000, 2001].map((id) => ({ loan_id: `${id}`, removed: false, note: NOTE })),
    );
  });

  it('revives the events of blocks it had marked removed when the chain returns to them', async () => {
    await db.query(`UPDATE indexer.chain_events SET removed = true WHERE chain_id = $1`, [chainId]);
    // A small batch, one of whose blocks is new.
    await write([...events(2, 2), ...events(3, 1)]);
    expect(
      (await stored()).slice(COPY_MIN_EVENTS).map((row) => [row.loan_id, row.removed]),
    ).toEqual([
      ['2000', false],
      ['2001', false],
      ['3000', false],
    ]);
    // A big one, which would have been copied had its block been new.
    await write(events(1, COPY_MIN_EVENTS));
    const rows = await stored();
    expect(rows).toHaveLength(COPY_MIN_EVENTS + 3);
    expect(rows.filter((row) => row.removed)).toEqual([]);
  });

  it('copies encoded rows in however few, and after decoded ones of the same batch', async () => {
    await write(encoded(events(4, 2)).concat(EventBatch.of(events(5, 1))));
    expect((await stored()).slice(COPY_MIN_EVENTS + 3)).toEqual(
      ['4000', '4001', '5000'].map((id) => ({ loan_id: id, removed: false, note: NOTE })),
    );
  });

  it('revives stored events that come back encoded, beside new ones', async () => {
    await db.query(`UPDATE indexer.chain_events SET removed = true WHERE chain_id = $1`, [chainId]);
    await write(encoded([...events(4, 2), ...events(6, 1)]));
    const rows = await stored();
    expect(rows).toHaveLength(COPY_MIN_EVENTS + 7);
    expect(rows.filter((row) => !row.removed).map((row) => row.loan_id)).toEqual([
      '4000',
      '4001',
      '6000',
    ]);
    expect(rows.find((row) => row.loan_id === '6000')?.note).toBe(NOTE);
  });

  it("prepares a realtime block's insert once per connection, not on every block", async () => {
    // Rolled back afterwards: the other tests' rows stay as they are.
    const runner = db.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      // How often this connection has run the prepared insert (nothing: never prepared it).
      const executions = async () =>
        (
          (await runner.query(
            `SELECT (generic_plans + custom_plans)::int AS executions FROM pg_prepared_statements
             WHERE statement LIKE 'INSERT INTO indexer.chain_events%'`,
          )) as { executions: number }[]
        ).map((row) => row.executions);
      await writeEvents(runner, chainId, address, EventBatch.of(events(4, 1)));
      const [before] = await executions();
      expect(before).toBeGreaterThanOrEqual(1);
      await writeEvents(runner, chainId, address, EventBatch.of(events(5, 1)));
      expect(await executions()).toEqual([before! + 1]);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
