import { randomUUID } from 'node:crypto';

import { Client, type Pool } from 'pg';
import { DataSource } from 'typeorm';

import { until } from '@lendpath/test-kit/until';
import { dataSourceOptions } from '../src/database/data-source';
import { decimalArray, MAX_PREPARED_STATEMENTS, type PlanMode, Sql } from '../src/database/sql';
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
    const options = dataSourceOptions(env.DATABASE_URL);
    dataSource = await new DataSource({
      ...options,
      extra: { ...(options.extra as object), max: 1 },
    }).initialize();
    sql = new Sql(dataSource);
  });
  afterAll(async () => {
    await sql.onApplicationShutdown();
    await dataSource.destroy();
  });

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

  // A parameter Postgres plans for by value: a custom plan for each call, left to itself.
  const text = () =>
    `SELECT count(*)::int AS n FROM generate_series(1, 100) AS s WHERE s <= $1 /* ${randomUUID()} */`;

  describe('generic plans', () => {
    /** How the statement of this text has been planned on the connection that answers. */
    const plans = (text: string, plan: PlanMode) =>
      sql.rows<{ generic_plans: string; custom_plans: string }>(
        `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1`,
        [text],
        { plan },
      );
    it('plans a statement once, whatever its values, on a pool of its own like TypeORM’s', async () => {
      const statement = text();
      for (const limit of [10, 20, 30, 40, 50, 60, 70]) {
        expect(await sql.rows(statement, [limit], { plan: 'generic' })).toEqual([{ n: limit }]);
      }
      expect(await plans(statement, 'generic')).toEqual([
        { generic_plans: '7', custom_plans: '0' },
      ]);
      // TypeORM's own connection is untouched: its one connection never prepared it.
      expect(await plans(statement, 'auto')).toEqual([]);
      expect(await dataSource.query('SHOW plan_cache_mode')).toEqual([{ plan_cache_mode: 'auto' }]);
      expect(pool().totalCount).toBe(1);
    });

    it('leaves every other statement to Postgres’s own choice', async () => {
      const statement = text();
      for (const limit of [10, 20, 30]) {
        await sql.rows(statement, [limit]);
      }
      expect(await plans(statement, 'auto')).toEqual([{ generic_plans: '0', custom_plans: '3' }]);
    });

    it('closes its pool when the app shuts down, and opens another if asked again', async () => {
      const backends = async () =>
        (
          await dataSource.query<{ n: number }[]>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE datname = current_database() AND application_name = current_setting('application_name')`,
          )
        )[0]!.n;
      await sql.rows('SELECT 1 AS one', [], { plan: 'generic' });
      expect(await backends()).toBe(2);
      await sql.onApplicationShutdown();
      await until('backends of this application', backends, (n) => n === 1);
      expect(await sql.rows('SELECT 1 AS one', [], { plan: 'generic' })).toEqual([{ one: 1 }]);
    });
  });

  describe('transaction', () => {
    const withTable = async (work: (table: string) => Promise<void>) => {
      const table = `app.sql_spec_${randomUUID().replace(/-/g, '')}`;
      await dataSource.query(`CREATE TABLE ${table} (value int)`);
      try {
        await work(table);
      } finally {
        await dataSource.query(`DROP TABLE ${table}`);
      }
    };

    it('commits its statements, prepared unless asked not to', () =>
      withTable(async (table) => {
        const insert = `INSERT INTO ${table} VALUES ($1) RETURNING value`;
        const count = `SELECT count(*)::int AS n FROM ${table} /* unprepared */`;
        const answer = await sql.transaction(async (tx) => {
          const [row] = await tx.rows<{ value: number }>(insert, [5]);
          await tx.rows(insert, [6]);
          return { inserted: row?.value, seen: await tx.rows(count, [], { prepare: false }) };
        });
        expect(answer).toEqual({ inserted: 5, seen: [{ n: 2 }] });
        expect(await dataSource.query(`SELECT value FROM ${table} ORDER BY value`)).toEqual([
          { value: 5 },
          { value: 6 },
        ]);
        const statements = (await prepared()).map((row) => row.statement);
        expect(statements).toContain(insert);
        expect(statements).not.toContain(count);
      }));

    it('sends its last statement with the COMMIT, on a connection in pipeline mode', () =>
      withTable(async (table) => {
        // BEGIN goes out with the first statement and COMMIT with the last: pg's pipeline mode,
        // set for every connection of the pool (data-source.ts).
        const client = await pool().connect();
        expect(client.pipeline).toBe(true);
        client.release();
        const insert = `INSERT INTO ${table} VALUES ($1) RETURNING value`;
        const answer = await sql.transaction(async (tx) => {
          await tx.rows(insert, [1]);
          const rows = await tx.rowsAndCommit<{ value: number }>(insert, [2]);
          await expect(tx.rows(insert, [3])).rejects.toThrow('after the transaction was committed');
          return rows;
        });
        expect(answer).toEqual([{ value: 2 }]);
        expect(await dataSource.query(`SELECT value FROM ${table} ORDER BY value`)).toEqual([
          { value: 1 },
          { value: 2 },
        ]);
      }));

    it('plans its prepared statements generically when asked, for itself alone', async () => {
      const statement = text();
      const planned = () =>
        dataSource.query<{ generic: number; custom: number }[]>(
          `SELECT generic_plans::int AS generic, custom_plans::int AS custom
           FROM pg_prepared_statements WHERE statement = $1`,
          [statement],
        );
      for (const limit of [10, 20, 30]) {
        const answer = await sql.transaction(
          async (tx) => ({
            rows: await tx.rows(statement, [limit]),
            mode: await tx.rows('SHOW plan_cache_mode', [], { prepare: false }),
          }),
          { plan: 'generic' },
        );
        expect(answer).toEqual({
          rows: [{ n: limit }],
          mode: [{ plan_cache_mode: 'force_generic_plan' }],
        });
      }
      expect(await planned()).toEqual([{ generic: 3, custom: 0 }]);
      // The setting ended with each transaction: the same connection plans by value again.
      expect(await dataSource.query('SHOW plan_cache_mode')).toEqual([{ plan_cache_mode: 'auto' }]);
      await sql.transaction((tx) => tx.rows(statement, [40]));
      expect(await planned()).toEqual([{ generic: 3, custom: 1 }]);
    });

    it('rolls back when the statement sent with the COMMIT fails, and throws its error', () =>
      withTable(async (table) => {
        await expect(
          sql.transaction(async (tx) => {
            await tx.rows(`INSERT INTO ${table} VALUES (1)`);
            return tx.rowsAndCommit(`INSERT INTO ${table} VALUES (1 / 0)`);
          }),
        ).rejects.toMatchObject({ code: '22012' });
        expect(await dataSource.query(`SELECT count(*)::int AS n FROM ${table}`)).toEqual([
          { n: 0 },
        ]);
        expect(await sql.rows('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      }));

    it('survives its connection being ended under it, as when Postgres restarts', async () => {
      const other = new Client({ connectionString: env.DATABASE_URL });
      await other.connect();
      try {
        await expect(
          sql.transaction(async (tx) => {
            const [row] = await tx.rows<{ pid: number }>('SELECT pg_backend_pid() AS pid', [], {
              prepare: false,
            });
            await other.query('SELECT pg_terminate_backend($1)', [row!.pid]);
            // The FATAL arrives while no statement is under way: an 'error' event, not a reply.
            await new Promise((resolve) => setTimeout(resolve, 300));
            await tx.rows('SELECT 1', [], { prepare: false });
          }),
        ).rejects.toThrow();
      } finally {
        await other.end();
      }
      expect(await sql.rows('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    });

    it('rolls everything back when the work throws, and the pool goes on', () =>
      withTable(async (table) => {
        await expect(
          sql.transaction(async (tx) => {
            await tx.rows(`INSERT INTO ${table} VALUES (1)`);
            throw new Error('changed my mind');
          }),
        ).rejects.toThrow('changed my mind');
        await expect(
          sql.transaction((tx) => tx.rows(`INSERT INTO ${table} VALUES (1 / 0)`)),
        ).rejects.toMatchObject({ code: '22012' });
        expect(await dataSource.query(`SELECT count(*)::int AS n FROM ${table}`)).toEqual([
          { n: 0 },
        ]);
        expect(await sql.rows('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      }));
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

  describe(decimalArray.name, () => {
    const uint256Max =
      '115792089237316195423570985008687907853269984665640564039457584007913129639935';

    it('is read by Postgres as the same numeric[] as the JS array node-postgres escapes', async () => {
      const text = `SELECT $1::numeric[]::text[] AS ids`;
      for (const ids of [['1', '42', uint256Max], ['7'], []]) {
        const [viaLiteral] = await sql.rows<{ ids: string[] }>(text, [decimalArray(ids)]);
        const [viaArray] = await sql.rows<{ ids: string[] }>(text, [ids]);
        expect(viaLiteral).toEqual(viaArray);
        expect(viaLiteral!.ids).toEqual(ids);
      }
    });

    it.each([['-1'], ['0x2a'], ['1,2'], [''], ['1}'], ['1 OR true']])(
      'refuses %j: nothing but digits reaches SQL this way',
      (id) => {
        expect(() => decimalArray(['1', id])).toThrow(TypeError);
      },
    );
  });
});
