import { createHash } from 'node:crypto';

import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool, PoolConfig, QueryResultRow } from 'pg';
import { DataSource } from 'typeorm';

/**
 * How many distinct statements a process prepares. The API's statements are fixed texts (a few
 * filter combinations at most), so more means a text built from values: those run unprepared
 * rather than fill every connection with plans nobody reuses.
 */
export const MAX_PREPARED_STATEMENTS = 200;

/**
 * How Postgres plans a prepared statement. `auto`: its own choice (custom plans, one per call, until
 * a generic plan looks no costlier). `generic`: planned once per connection, whatever the values,
 * for a statement whose generic plan has been checked (EXPLAIN, and its test) to be as good as
 * any custom one, which Postgres would never pick by itself: with LIMIT and OFFSET bound it
 * estimates a generic plan as if a tenth of the rows were wanted, so the marketplace page and a
 * category's feed were planned on every call (~0.3-0.5 ms of Postgres's time, against ~0.1 ms
 * to execute them).
 */
export type PlanMode = 'auto' | 'generic';

/** "cached plan must not change result type": a migration changed a prepared statement's table. */
const CACHED_PLAN_CHANGED = '0A000';

/**
 * Hot reads at the database's speed: a statement runs on the pg pool TypeORM already owns (the
 * same connections and application name) as a named prepared statement, so Postgres parses it
 * once per connection instead of on every call, and without the QueryRunner TypeORM builds
 * around each `dataSource.query`. Rows come back exactly as `dataSource.query` returns them
 * (same pg, same type parsers).
 *
 * {@link rows} reads outside a transaction (a caller's TypeORM transaction lives on its own
 * QueryRunner's connection, which this does not see); {@link transaction} runs statements of its
 * own in one, for the writes whose latency matters (lending's reconcile of a new block's loans).
 *
 * Statements asked to run with a generic plan ({@link PlanMode}) go to a second pool, made like
 * TypeORM's, whose connections force generic plans: the setting is per connection, and forcing
 * it on TypeORM's would also apply to its unnamed statements, planned for the values of the call
 * today (a community feed of every category costs 13× as much with a generic plan).
 */
@Injectable()
export class Sql implements OnApplicationShutdown {
  private readonly logger = new Logger(Sql.name);
  /** Statement name by SQL text. */
  private readonly names = new Map<string, string>();
  private warnedFull = false;
  /** Connections that plan every statement generically; opened on first use. */
  private genericPool: Pool | undefined;

  constructor(private readonly dataSource: DataSource) {}

  async onApplicationShutdown(): Promise<void> {
    const pool = this.genericPool;
    this.genericPool = undefined;
    await pool?.end();
  }

  /** The rows of `text` with `values` bound to `$1…`. */
  async rows<T extends QueryResultRow>(
    text: string,
    values: readonly unknown[] = [],
    { plan = 'auto' }: { plan?: PlanMode } = {},
  ): Promise<T[]> {
    const config = this.statement(text, values, true);
    const pool = plan === 'generic' && config.name !== undefined ? this.generic() : this.pool();
    // The pool destroys the connection a failed statement ran on, so a retry after a schema
    // change lands on another one (which prepares afresh when it had not prepared it yet, and
    // is dropped in turn when it had): at most one try per connection of the pool, plus one.
    for (let attempt = 0; ; attempt++) {
      try {
        return (await pool.query<T>(config)).rows;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (
          config.name === undefined ||
          code !== CACHED_PLAN_CHANGED ||
          attempt > this.poolSize()
        ) {
          throw error;
        }
      }
    }
  }

  /**
   * `work` in one transaction on a connection of the pool: BEGIN, its statements, COMMIT (ROLLBACK
   * and the connection dropped if anything throws). `tx.rows` prepares a statement like
   * {@link rows} unless asked not to: a statement whose best plan depends on the size of what it
   * is given (a fold of one loan or of a backfill's thousands) is better planned on every call.
   * After a schema change the whole transaction runs again, on another connection.
   *
   * The pool's connections are in pg's pipeline mode (data-source.ts), so nothing waits for an
   * answer it does not need: BEGIN goes out with the first statement and `tx.rowsAndCommit`'s
   * statement with the COMMIT, each pair in one round trip. A new block's fold is two round trips
   * where it was four: one network round trip each saved where Postgres is on another machine
   * (on the same one, six statements took 1.0 ms one by one and 0.3 ms in two round trips).
   *
   * `plan: 'generic'` plans its prepared statements generically ({@link PlanMode}): a
   * `SET LOCAL plan_cache_mode` goes out with the BEGIN (no round trip more) and ends with the
   * transaction, so the connection goes back to the pool as it was.
   */
  async transaction<T>(
    work: (tx: SqlTransaction) => Promise<T>,
    { plan = 'auto' }: { plan?: PlanMode } = {},
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const client = await this.pool().connect();
      let failure: Error | undefined;
      // An error outside a query (Postgres restarting and ending the connection) is recorded
      // here, so the connection is released with it below and the pool drops it (ListenedClient
      // keeps it from being an unhandled 'error' event). The statement under way fails with it.
      const onError = (error: Error) => {
        failure ??= error;
      };
      client.on('error', onError);
      // Awaited with the first statement (both are on the wire by then); Promise.all handles
      // whichever of the two fails, so neither is an unhandled rejection. Work that fails before
      // its first statement never awaits it: marked handled here (a failed BEGIN means a dead
      // connection, which the statement or the release reports anyway).
      let begin: Promise<unknown> | undefined =
        plan === 'generic'
          ? Promise.all([
              client.query('BEGIN'),
              client.query('SET LOCAL plan_cache_mode = force_generic_plan'),
            ])
          : client.query('BEGIN');
      begin.catch(() => undefined);
      let committed = false;
      const statement = async <R extends QueryResultRow>(
        text: string,
        values: readonly unknown[],
        prepare: boolean,
      ): Promise<R[]> => {
        if (committed) {
          throw new Error('a statement after the transaction was committed');
        }
        const answer = client.query<R>(this.statement(text, values, prepare));
        const begun = begin;
        begin = undefined;
        return (begun === undefined ? await answer : (await Promise.all([begun, answer]))[1]).rows;
      };
      const commit = async () => {
        committed = true;
        await Promise.all([begin, client.query('COMMIT')]);
      };
      try {
        const result = await work({
          rows: <R extends QueryResultRow>(
            text: string,
            values: readonly unknown[] = [],
            { prepare = true } = {},
          ) => statement<R>(text, values, prepare),
          rowsAndCommit: async <R extends QueryResultRow>(
            text: string,
            values: readonly unknown[] = [],
            { prepare = true } = {},
          ) => {
            // A failed statement turns the COMMIT behind it into a ROLLBACK (answered without
            // an error): the statement's error is the one thrown.
            const [rows] = await Promise.all([statement<R>(text, values, prepare), commit()]);
            return rows;
          },
        });
        if (!committed) {
          await commit();
        }
        return result;
      } catch (error) {
        failure = error as Error;
        if (
          (error as { code?: unknown }).code !== CACHED_PLAN_CHANGED ||
          attempt > this.poolSize()
        ) {
          throw error;
        }
      } finally {
        client.off('error', onError);
        // A connection in a failed transaction is not given back: it is closed.
        client.release(failure);
      }
    }
  }

  /** pg's query config: named (prepared once per connection) when asked and under the limit. */
  private statement(
    text: string,
    values: readonly unknown[],
    prepare: boolean,
  ): { text: string; values: unknown[]; name?: string } {
    const name = prepare ? this.nameOf(text) : undefined;
    return { text, values: values as unknown[], ...(name === undefined ? {} : { name }) };
  }

  /** A stable name per text (Postgres keeps 63 bytes of a name; 96 bits of SHA-1 is plenty). */
  private nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined) {
      if (this.names.size >= MAX_PREPARED_STATEMENTS) {
        if (!this.warnedFull) {
          this.warnedFull = true;
          this.logger.warn(
            `more than ${MAX_PREPARED_STATEMENTS} distinct statements: is a value spliced into ` +
              `SQL text? Running the new ones unprepared. One of them: ${text.slice(0, 200)}`,
          );
        }
        return undefined;
      }
      name = `lp_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      this.names.set(text, name);
    }
    return name;
  }

  /** TypeORM's Postgres driver keeps its pg Pool as `master` (created when it connects). */
  private pool(): Pool {
    const pool = (this.dataSource.driver as unknown as { master?: Pool }).master;
    if (pool === undefined) {
      throw new Error('the data source is not connected');
    }
    return pool;
  }

  /** The pool of generic plans: TypeORM's settings (server, credentials, size, idle time) and the plan mode. */
  private generic(): Pool {
    if (this.genericPool === undefined) {
      const main = this.pool();
      const options: PoolConfig = {
        ...main.options,
        options: [main.options.options, '-c plan_cache_mode=force_generic_plan']
          .filter((option) => option !== undefined)
          .join(' '),
      };
      const pool = new (main.constructor as new (config: PoolConfig) => Pool)(options);
      // As TypeORM does for its own: an idle connection's error (Postgres restarting) is logged,
      // not thrown; the pool drops that connection.
      pool.on('error', (error) => {
        this.logger.warn(`Postgres pool (generic plans) raised an error: ${error.message}`);
      });
      this.genericPool = pool;
    }
    return this.genericPool;
  }

  private poolSize(): number {
    return this.pool().options.max ?? 10;
  }
}

/** Statements inside {@link Sql.transaction}. */
export interface SqlTransaction {
  rows<T extends QueryResultRow>(
    text: string,
    values?: readonly unknown[],
    options?: { prepare?: boolean },
  ): Promise<T[]>;
  /**
   * The transaction's last statement, sent with its COMMIT in one round trip: its rows once both
   * are done (its error, and the transaction rolled back, if it fails). Nothing may follow it.
   */
  rowsAndCommit<T extends QueryResultRow>(
    text: string,
    values?: readonly unknown[],
    options?: { prepare?: boolean },
  ): Promise<T[]>;
}

/** A decimal id: digits only. */
const DECIMAL = /^\d+$/;

/**
 * Decimal ids (loan ids) as one Postgres array literal, for a `$n::numeric[]` parameter. Given a
 * JS array, node-postgres quotes and escapes each element in JavaScript: ~25 ms of the API's CPU
 * for a backfill's 16,700 loan ids, spent before its fold could start. A decimal needs neither;
 * anything else is refused, so nothing but digits and the commas between them reaches Postgres.
 */
export function decimalArray(ids: readonly string[]): string {
  for (const id of ids) {
    if (!DECIMAL.test(id)) {
      throw new TypeError(`not a decimal id: ${JSON.stringify(id).slice(0, 100)}`);
    }
  }
  return `{${ids.join(',')}}`;
}
