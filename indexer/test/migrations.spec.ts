import { DataSource } from 'typeorm';

import { dataSourceOptions, INDEXER_SCHEMA, migrate } from '../src/database/data-source';

describe('indexer migrations', () => {
  const url = process.env.DATABASE_URL as string;
  let dataSource: DataSource;

  beforeAll(async () => {
    await migrate(url);
    dataSource = await new DataSource(dataSourceOptions(url)).initialize();
  });
  afterAll(() => dataSource.destroy());

  it('keep their own migrations table inside schema indexer', async () => {
    const rows: { table_schema: string }[] = await dataSource.query(
      `SELECT table_schema FROM information_schema.tables WHERE table_name = 'migrations'`,
    );
    expect(rows.map((row) => row.table_schema)).toEqual([INDEXER_SCHEMA]);
  });

  it('are idempotent: a second run applies nothing', async () => {
    expect(await migrate(url)).toEqual([]);
  });

  it('leave no drift between the entities and the migrated schema', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });
});
