import { DataSource } from 'typeorm';

import { dataSourceOptions, migrate } from '../src/database/data-source';
import { type StoredEvent, writeEvents } from '../src/follower/follower.store';

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
  const write = (batch: StoredEvent[]) =>
    db.transaction((manager) => writeEvents(manager.queryRunner!, chainId, address, batch));
  const stored = () =>
    db.query<{ loan_id: string; removed: boolean; note: string }[]>(
      `SELECT loan_id::text, removed, args->>'note' AS note FROM indexer.chain_events
       WHERE chain_id = $1 ORDER BY block_number, log_index`,
      [chainId],
    );

  it('copies new blocks in, special characters and all', async () => {
    await write(events(1, 3));
    expect(await stored()).toEqual(
      [1000, 1001, 1002].map((id) => ({
        loan_id: `${id}`,
        removed: false,
        note: 'tab\there\\and\nnewline',
      })),
    );
  });

  it('revives the events of a block it had marked removed when the chain returns to it', async () => {
    await db.query(`UPDATE indexer.chain_events SET removed = true WHERE chain_id = $1`, [chainId]);
    await write([...events(1, 3), ...events(2, 1)]);
    expect((await stored()).map((row) => `${row.loan_id}${row.removed ? '!' : ''}`)).toEqual([
      '1000',
      '1001',
      '1002',
      '2000',
    ]);
  });
});
