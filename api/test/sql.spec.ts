import { randomUUID } from 'node:crypto';

import type { Pool } from 'pg';
import { DataSource } from 'typeorm';

import { dataSourceOptions } from '../src/database/data-source';
import { MAX_PREPARED_STATEMENTS, Sql } from '../src/database/sql';
import { testEnv } from './test-env';

describe(Sql.name, () => {
  const env = testEnv();
  let dataSource: DataSource;
  let sql: Sql;
  const pool = () => (dataSource.driver as unknown as { master: Pool }).master;

  /** The statements prepared on the pool's one connection. */
  const prepared = () =>
    dataSource.query<{ name: string; statement: string }[]>(
      'SELECT name, statement FROM pg_prepared_statements',
    );

  beforeAll(async () => {
    // One connection, so that what one call prepared is visible to the next.
    dataSource = await new DataSource({
      ...dataSourceOptions(env.DATABASE_URL),
      extra: { max: 1 },
    }).initialize();
    sql = new Sql(dataSource);
  });
  afterAll(() => dataSource.destroy());

  it('runs a statement prepared under a name derived from its text, on TypeORM’s pool', async () => {
    const text = `SELECT $1::int + 1 AS n /* ${randomUUID()} */`;
    expect(await sql.rows(text, [41])).toEqual([{ n: 42 }]);
    expect(await sql.rows(text, [1])).toEqual([{ n: 2 }]);
    const mine = (await prepared()).filter((row) => row.statement === text);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.name).toMatch(/^lp_[0-9a-f]{24}$/);
    // No pool of its own: the one connection TypeORM opened did it all.
    expect(pool().totalCount).toBe(1);
  });

  it('answers the rows dataSource.query answers, with the same types', async () => {
    const text = `SELECT '2026-01-02T03:04:05.678Z'::timestamptz AS at, 12.5::numeric AS amount, 7::bigint AS big,
                         json_build_object('a', 1) AS doc, NULL::text AS nothing, $1::uuid AS id`;
    const id = randomUUID();
    expect(await sql.rows(text, [id])).toEqual(await dataSource.query(text, [id]));
  });

  it('keeps answering after a migration changes the type a prepared statement returns', async () => {
    const table = `app.sql_spec_${randomUUID().replace(/-/g, '')}`;
    await dataSource.query(`CREATE TABLE ${table} (value int)`);
    try {
      await dataSource.query(`INSERT INTO ${table} VALUES (7)`);
      const text = `SELECT * FROM ${table}`;
      expect(await sql.rows(text)).toEqual([{ value: 7 }]);
      await dataSource.query(`ALTER TABLE ${table} ALTER COLUMN value TYPE text`);
      expect(await sql.rows(text)).toEqual([{ value: '7' }]);
    } finally {
      await dataSource.query(`DROP TABLE ${table}`);
    }
  });

  it('stops preparing new texts past its limit, and still runs them', async () => {
    const texts = Array.from(
      { length: MAX_PREPARED_STATEMENTS + 5 },
      (_, i) => `SELECT ${i}::int AS n /* limit */`,
    );
    for (const [i, text] of texts.entries()) {
      expect(await sql.rows(text)).toEqual([{ n: i }]);
    }
    const names = (await prepared()).filter((row) => row.name.startsWith('lp_'));
    expect(names.length).toBeLessThanOrEqual(MAX_PREPARED_STATEMENTS);
    expect(names.some((row) => row.statement === texts.at(-1))).toBe(false);
  });
});
