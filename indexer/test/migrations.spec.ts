import { DataSource } from 'typeorm';

import { dataSourceOptions, INDEXER_SCHEMA, migrate } from '../src/database/data-source';
import { INDEXER_READ_VIEWS } from '../src/public/read-views';

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

  it('publish exactly the read views @lendpath/indexer/read-views names, each over one table', async () => {
    const views = await dataSource.query<{ name: string; tables: string[] }[]>(
      `SELECT v.schemaname || '.' || v.viewname AS name,
              array_agg(DISTINCT d.refobjid::regclass::text) AS tables
       FROM pg_views v
       JOIN pg_rewrite r ON r.ev_class = (v.schemaname || '.' || v.viewname)::regclass
       JOIN pg_depend d ON d.objid = r.oid AND d.refobjid <> r.ev_class
       WHERE v.schemaname = $1 GROUP BY 1 ORDER BY 1`,
      [INDEXER_SCHEMA],
    );
    expect(views).toEqual(
      Object.values(INDEXER_READ_VIEWS)
        .sort()
        .map((name) => ({ name, tables: [expect.stringMatching(/^indexer\.\w+$/)] })),
    );
  });
});
