import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  Optional,
} from '@nestjs/common';
import { DataSource } from 'typeorm';

import { STATUS_AFTER_EVENT } from '@lendpath/contracts';

import { ENV, type Env } from '../../config/env';
import { decimalArray, Sql, type SqlTransaction } from '../../database/sql';
import { LendingChain, type ObservedEvent } from '../chain/lending-chain';

import { type Finality, type LoanStatus, sqlList, statusAfterEventSql } from './loan-status';

/**
 * A loan row the reconcile changed, and how: its status (`from` → `to`), or with the same status
 * its finality alone (`finalityOnly`: blocks settled) or other chain figures (an escrow released,
 * the same events re-mined in other blocks). `to` null: a reorg removed the loan.
 */
export interface LoanTransition {
  loanRequestId: string;
  loanChainId: string;
  from: LoanStatus | null;
  to: LoanStatus | null;
  finality: Finality | null;
  asOfBlock: number | null;
  finalityOnly: boolean;
}

interface ChangedRow {
  id: string;
  loan_chain_id: string;
  status: LoanStatus | null;
  finality: Finality | null;
  as_of_block: string | null;
}

const DEADLOCK = '40P01';

/**
 * Runs `work` again when Postgres broke a deadlock by aborting it. Row locks are taken in one
 * order within a fold, but its insert racing another reconcile's fold, or the chain-wide promote
 * racing one, can still deadlock (Postgres aborts one of the two); both are safe to repeat.
 */
async function retryDeadlocks<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK || attempt >= 5) {
        throw error;
      }
    }
  }
}

/** What a reconcile does besides re-folding its loans. */
export interface ReconcileOptions {
  /**
   * Events a member's call read from a receipt it verified, stored as hints in the fold's own
   * transaction: on the fast path, where the member waits for the answer, a write of their own
   * would cost a round trip to Postgres more.
   */
  hints?: readonly ObservedEvent[];
  /**
   * The rows whose finality the promotion after the fold settles ({@link PROMOTE_SQL}): `all`
   * when the indexer announced blocks (they settle every row), `folded` for a member's call,
   * whose fold only needs its own rows settled, and only those it wrote from the indexer's
   * events (none: no promotion at all). The next announcement, which comes with every block that
   * moves the safe or finalized block, promotes the rest; a member waits for less.
   */
  promote?: 'all' | 'folded';
  /**
   * Told each group of changes as soon as it is committed: the fold's (when it changed any),
   * then the promotion's. The folded loans need not wait for the promotion, which settles every
   * row of the blocks that settled: after a backfill, thousands a block for a few blocks (7,976
   * rows, 0.9 s, in the indexer bench), during which a member who just funded would have seen
   * nothing.
   */
  committed?: (changes: LoanTransition[]) => void;
}

/** Below this many loans a reconcile is one transaction: splitting would cost more than it saves. */
const PARALLEL_FOLD_MIN_LOANS = 1_000;

/**
 * A reconcile that changed at least this many rows is followed by VACUUM (ANALYZE) of
 * `app.loan_requests`: see {@link LoanProjection.vacuumSoon}.
 */
export const VACUUM_MIN_CHANGES = 1_000;

/**
 * The `loan_requests` projection (DESIGN.md §4). Reconciling a set of loans re-folds each from
 * its canonical chain events in one transaction and one statement ({@link FOLD_SQL}): the events
 * never leave the database, which is what lets a backfill reconcile thousands of loans a second.
 * Reconciles of one loan are serialised by advisory locks on its bucket of loan ids.
 *
 * The event store is the indexer's: read only, through the views it publishes for the API
 * (`@lendpath/indexer/read-views`), never its tables. Fast-path hints (events
 * the API read from a receipt it verified) are folded in only above the indexer's cursor, i.e.
 * until the indexer has judged their block; a hint the indexer has passed is dropped and its loan
 * re-folded, so a hint from a block that was reorganised away cannot outlive the reorg.
 */
@Injectable()
export class LoanProjection implements BeforeApplicationShutdown {
  private readonly logger = new Logger(LoanProjection.name);
  private readonly parallelism: number;
  /** The VACUUM under way, if any. */
  private vacuuming: Promise<void> | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly chain: LendingChain,
    /** The process's one {@link Sql}: the reconcile's transactions, see {@link reconcileIn}. */
    private readonly sql: Sql,
    @Optional() @Inject(ENV) env?: Pick<Env, 'LENDING_FOLD_PARALLELISM'>,
  ) {
    this.parallelism = env?.LENDING_FOLD_PARALLELISM ?? 2;
  }

  /**
   * Re-folds these loans (decimal ids) and settles finality; answers every committed change.
   *
   * Many loans are folded in {@link parallelism} transactions side by side, each on its own
   * connection and so its own Postgres backend: one statement runs on one core, and a backfill's
   * fold is the longest stage of the pipeline. Each part holds the loans of a disjoint set of lock
   * buckets ({@link loanLock}), so the parts never wait for each other's locks; each commits on
   * its own, which is safe because every loan is folded whole inside one of them.
   */
  async reconcile(
    loanIds: readonly string[],
    { hints = [], promote = 'all', committed }: ReconcileOptions = {},
  ): Promise<LoanTransition[]> {
    const parts = loanIds.length < PARALLEL_FOLD_MIN_LOANS ? 1 : this.parallelism;
    const folds =
      parts === 1
        ? [await this.fold(loanIds, hints)]
        : await Promise.all(
            // Only the first part stores the new hints and takes those the indexer has passed
            // (their loans may lie in any bucket): two parts deleting the same hint rows could
            // deadlock on them.
            partitionByLock(loanIds, parts).map((ids, i) =>
              this.fold(ids, i === 0 ? hints : undefined),
            ),
          );
    const folded = folds.flatMap((fold) => fold.transitions);
    if (folded.length > 0) {
      committed?.(folded);
    }
    // After the fold's commit, not inside it: see PROMOTE_SQL. A member's call settles the rows
    // it wrote from the indexer's events; a row it wrote from a hint above the indexer's cursor
    // has nothing to settle until the indexer passes that block, and the job for it re-folds the
    // loan then (the fast path's usual case: no round trip more).
    const chain = [this.chain.chainId, this.chain.address.toLowerCase()];
    const settle = folds.flatMap((fold) => fold.settleable);
    const promoted =
      promote === 'folded' && settle.length === 0
        ? []
        : await retryDeadlocks(() =>
            promote === 'all'
              ? this.sql.rows<ChangedRow>(PROMOTE_SQL, chain)
              : this.sql.rows<ChangedRow>(PROMOTE_LOANS_SQL, [...chain, decimalArray(settle)]),
          );
    const settled = promoted.map((row) => transition(row, row.status, true));
    if (settled.length > 0) {
      committed?.(settled);
    }
    const transitions = [...folded, ...settled];
    if (transitions.length >= VACUUM_MIN_CHANGES) {
      this.vacuumSoon();
    }
    return transitions;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.vacuuming;
  }

  /**
   * VACUUM (ANALYZE) of `app.loan_requests`, in the background, one at a time, after a reconcile
   * that changed many rows: a backfill's fold writes every loan, and the first blocks after it
   * promote them all to `finalized`. Each realtime reconcile then runs {@link PROMOTE_SQL}, which
   * looks for rows still `pending` or `safe` through the finality index. Until a VACUUM, that index
   * still holds an entry for every row version the promotion replaced, and a bitmap scan never
   * marks them dead: after a 16,700-loan backfill it visited 1,331 heap pages for one live row, and
   * with the statistics of before the promotion (every row `pending`) the planner read the whole
   * table instead, 8–10 ms a reconcile (EXPLAIN ANALYZE on the indexer bench's database).
   * Autovacuum would get there within a minute or so where it is on (it is off on the machines the
   * suites run on); a reconcile knows the moment. A VACUUM blocks no reads or writes, and one the
   * role may not run (it does not own the table) is a warning from Postgres, not an error.
   */
  private vacuumSoon(): void {
    if (this.vacuuming !== undefined) {
      return;
    }
    this.vacuuming = this.dataSource
      .query('VACUUM (ANALYZE) app.loan_requests')
      .then(
        () => undefined,
        (error: unknown) =>
          this.logger.warn(`VACUUM of app.loan_requests failed: ${String(error)}`),
      )
      .finally(() => {
        this.vacuuming = undefined;
      });
  }

  /** One transaction: `hints` stored (none given: this part leaves the hints to another), the fold. */
  private fold(
    loanIds: readonly string[],
    hints: readonly ObservedEvent[] | undefined,
  ): Promise<Fold> {
    // A new block's few loans: prepared statements, generic plans (see reconcileIn).
    const plan = preparedFold(loanIds) ? 'generic' : 'auto';
    return retryDeadlocks(() =>
      this.sql.transaction((tx) => this.reconcileIn(tx, loanIds, hints), { plan }),
    );
  }

  /**
   * Re-folds every loan the event store or the projection knows (`npm run reproject`), in chunks
   * so no transaction holds too many row locks. The result equals the live projection: both are
   * the same fold of the same events.
   */
  async reproject(chunk = 2_000): Promise<number> {
    const ids = await this.allLoanIds();
    for (let i = 0; i < ids.length; i += chunk) {
      await this.reconcile(ids.slice(i, i + chunk));
    }
    return ids.length;
  }

  /**
   * Loans whose row is not the fold of their stored events (DESIGN.md §4: a crash mid-job leaves
   * them so until something reconciles them again), by {@link STALE_SQL}. Before the indexer's
   * first migration there is no event store, hence nothing newer than any row.
   *
   * `sinceBlock` narrows the look to loans with an event or a row at or above that block (-1:
   * every loan). The answer's `watermark` is where the next look may start: the lower of the
   * indexer's cursor and finalized block now. Below it nothing can change any more, since new
   * events arrive above the cursor and a reorg only removes events above the finalized block (a
   * deeper one halts the indexer, and `indexer:resume` announces what it rewound); so a row that
   * agreed with its events here still agrees later, unless a reconcile rewrote it from them.
   */
  async staleLoanIds(sinceBlock = -1): Promise<{ ids: string[]; watermark: number }> {
    const [store] = await this.dataSource.query<{ present: boolean }[]>(
      `SELECT to_regclass('indexer.v_chain_events') IS NOT NULL AS present`,
    );
    if (store?.present !== true) {
      return { ids: [], watermark: -1 };
    }
    const chainId = this.chain.chainId;
    const address = this.chain.address.toLowerCase();
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      // The join and the grouping hold every loan: in memory, not in temporary files.
      await manager.query(`SET LOCAL work_mem = '64MB'`);
      // One snapshot for both statements: the watermark is read from the state the look sees.
      const [source] = await manager.query<{ watermark: string }[]>(
        `SELECT least(cursor_block, coalesce(finalized_block, -1))::text AS watermark
         FROM indexer.v_sources WHERE chain_id = $1 AND address = $2`,
        [chainId, address],
      );
      const rows = await manager.query<{ id: string }[]>(STALE_SQL, [chainId, address, sinceBlock]);
      return { ids: rows.map((row) => row.id), watermark: Number(source?.watermark ?? -1) };
    });
  }

  private async allLoanIds(): Promise<string[]> {
    const rows = await this.dataSource.query<{ id: string }[]>(
      `SELECT DISTINCT loan_id::text AS id FROM indexer.v_chain_events
       WHERE chain_id = $1 AND address = $2
       UNION
       SELECT loan_chain_id::text FROM app.loan_requests WHERE chain_id = $1`,
      [this.chain.chainId, this.chain.address.toLowerCase()],
    );
    return rows.map((row) => row.id);
  }

  /**
   * One fold, in two round trips (Sql.transaction pipelines them): BEGIN with the indexer's
   * blocks, the hints it has passed taken away and the loans' locks; then the fold (which also
   * reads the rows as they were) with COMMIT. A new block's reconcile (a loan or a few, the
   * realtime path) runs them as prepared statements on the pool's own connection, with generic
   * plans: Postgres plans the fold once per connection, not on every block, and TypeORM's
   * QueryRunner is not in the way. Prepared alone, the fold was still planned on every call:
   * Postgres's own choice (`plan_cache_mode = auto`) judged its generic plan, with the ids'
   * count unknown, costlier than a custom one, and planning took ~1 ms of the fold's ~1.9
   * (EXPLAIN ANALYZE on the indexer bench's 16,700 loans; 0.67 ms a fold with the generic plan,
   * which reads the same indexes, for 1 loan as for 64; `fold.spec.ts` checks that the fold is
   * planned generically). A larger batch is planned on each call instead, because its best plan
   * depends on its size. A generic plan is made from the statistics of when it is first run and
   * kept until an ANALYZE of one of its tables: on an almost empty store it reads every event of
   * the chain (the block index, for `chain_id` alone), which stays cheap only while the store is
   * small. Autovacuum's ANALYZEs, and ours after a big reconcile (vacuumSoon), replace it as the
   * store grows; with autovacuum off, a store that only ever grows block by block keeps it.
   */
  private async reconcileIn(
    tx: SqlTransaction,
    requested: readonly string[],
    hints: readonly ObservedEvent[] | undefined,
  ): Promise<Fold> {
    const chainId = this.chain.chainId;
    const address = this.chain.address.toLowerCase();
    const prepare = preparedFold(requested);
    if (!prepare) {
      // A backfill batch sorts tens of thousands of events: in memory, not in temporary files.
      await tx.rows(`SET LOCAL work_mem = '64MB'`, [], { prepare: false });
    }
    // Serialise per loan: one advisory lock per bucket of loan ids, taken in bucket order (so
    // two batches never deadlock), and few enough for any batch size. In the statement before
    // the fold: a statement's snapshot is taken when it starts, so the fold must start after the
    // locks are held to read what the reconcile before it committed.
    const [source] = await tx.rows<SourceHintsAndLocksRow>(
      SOURCE_HINTS_AND_LOCKS_SQL,
      [
        chainId,
        address,
        hints !== undefined,
        JSON.stringify((hints ?? []).map(hintRow)),
        decimalArray(requested),
        LOCK_NAMESPACE + chainId,
      ],
      { prepare },
    );
    const ids = [...new Set([...requested, ...(source?.stale ?? [])])];
    if (ids.length === 0) {
      return { transitions: [], settleable: [] };
    }
    const cursor = Number(source?.cursor_block ?? -1);
    const idList = decimalArray(ids);
    // The fold is the transaction's last statement: sent with the COMMIT.
    const changed = await tx.rowsAndCommit<ChangedRow & WasRow>(
      prepare ? FOLD_SQL : FOLD_MANY_SQL,
      [
        chainId,
        address,
        idList,
        cursor,
        Number(source?.safe_block ?? -1),
        Number(source?.finalized_block ?? -1),
      ],
      { prepare },
    );
    const transitions: LoanTransition[] = [];
    const settleable: string[] = [];
    for (const row of changed) {
      const settles = row.finality === 'pending' || row.finality === 'safe';
      if (settles && Number(row.as_of_block) <= cursor) {
        settleable.push(row.loan_chain_id);
      }
      const from = row.was_status;
      // A loan no event ever made (an id nobody requested) is not a change anyone saw.
      if (from !== null || row.status !== null) {
        transitions.push(
          transition(
            row,
            from,
            from === row.status &&
              row.was_as_of_block === row.as_of_block &&
              row.was_finality !== row.finality,
          ),
        );
      }
    }
    return { transitions, settleable };
  }
}

/** Loans a reconcile folds with prepared statements (a new block's few); more are planned per call. */
const PREPARED_FOLD_MAX_LOANS = 64;
const preparedFold = (loanIds: readonly string[]) => loanIds.length <= PREPARED_FOLD_MAX_LOANS;

/** A fold's committed changes, and the loans among them whose rows may settle now. */
interface Fold {
  transitions: LoanTransition[];
  /** Rows written `pending` or `safe` from blocks the indexer holds (at or below its cursor). */
  settleable: string[];
}

/** A hint as {@link SOURCE_HINTS_AND_LOCKS_SQL} reads it (`jsonb_to_recordset`). */
const hintRow = (event: ObservedEvent) => ({
  block_hash: event.blockHash,
  log_index: event.logIndex,
  block_number: event.blockNumber,
  block_timestamp: event.blockTimestamp,
  tx_hash: event.txHash,
  name: event.name,
  loan_id: event.loanId,
  args: event.args,
});

interface SourceHintsAndLocksRow {
  cursor_block: string | null;
  safe_block: string | null;
  finalized_block: string | null;
  /** Loans of the hints the indexer has passed, now deleted: they are re-folded without them. */
  stale: string[];
}

/** The row as it was before the fold (all null when it had none). */
interface WasRow {
  was_status: LoanStatus | null;
  was_finality: Finality | null;
  was_as_of_block: string | null;
}

/** Advisory-lock namespace of the reconcile (plus the chain id), and how many buckets. */
const LOCK_NAMESPACE = 0x4c50_0000;
const LOCK_BUCKETS = 64;

/**
 * The indexer's cursor, safe and finalized blocks; the new hints ($4) stored; (when $3) the
 * fast-path hints at or below the cursor deleted: the indexer has judged their blocks, so its
 * stored events are the truth about them; and the locks of the loans to fold, those asked for
 * ($5) and those of the deleted hints, taken last, in bucket order. A new hint at or below the
 * cursor is not stored at all, for the same reason (the loan is folded from the indexer's
 * events). The later statements of the transaction see the stored hints; this one's delete does
 * not need to.
 * $1 chain id, $2 contract, $3 whether to take the hints, $4 the new hints (a JSON array of
 * {@link hintRow}s), $5 the loan ids asked for, $6 the lock namespace.
 */
const SOURCE_HINTS_AND_LOCKS_SQL = `
  WITH s AS (
    SELECT cursor_block, safe_block, finalized_block FROM indexer.v_sources
    WHERE chain_id = $1 AND address = $2
  ),
  added AS (
    INSERT INTO app.loan_chain_hints
      (chain_id, block_hash, log_index, block_number, block_timestamp, tx_hash, address, name,
       loan_id, args)
    SELECT $1, h.block_hash, h.log_index, h.block_number, h.block_timestamp, h.tx_hash, $2,
           h.name, h.loan_id, h.args
    FROM jsonb_to_recordset($4::jsonb) AS h(block_hash text, log_index int, block_number bigint,
      block_timestamp bigint, tx_hash text, name text, loan_id numeric, args jsonb)
    WHERE h.block_number > coalesce((SELECT cursor_block FROM s), -1)
    ON CONFLICT DO NOTHING
  ),
  stale AS (
    DELETE FROM app.loan_chain_hints
    WHERE $3 AND chain_id = $1 AND address = $2
      AND block_number <= coalesce((SELECT cursor_block FROM s), -1)
    RETURNING loan_id
  ),
  locked AS (
    SELECT pg_advisory_xact_lock($6, b)
    FROM (SELECT DISTINCT (id % ${LOCK_BUCKETS})::int AS b
          FROM (SELECT unnest($5::numeric[]) AS id UNION ALL SELECT loan_id FROM stale) AS ids
         ) AS buckets
    ORDER BY b
  )
  SELECT (SELECT cursor_block::text FROM s) AS cursor_block,
         (SELECT safe_block::text FROM s) AS safe_block,
         (SELECT finalized_block::text FROM s) AS finalized_block,
         ARRAY(SELECT DISTINCT loan_id::text FROM stale) AS stale,
         -- Read, so that the locks are taken (a CTE nobody reads is not run); not used.
         (SELECT count(*) FROM locked) AS locks`;

const transition = (
  row: ChangedRow,
  from: LoanStatus | null,
  finalityOnly: boolean,
): LoanTransition => ({
  loanRequestId: row.id,
  loanChainId: row.loan_chain_id,
  from,
  to: row.status,
  finality: row.finality,
  asOfBlock: row.as_of_block === null ? null : Number(row.as_of_block),
  finalityOnly,
});

/** Loan ids split into `parts` groups whose lock buckets do not overlap (empty groups left out). */
function partitionByLock(loanIds: readonly string[], parts: number): string[][] {
  const groups: string[][] = Array.from({ length: parts }, () => []);
  for (const id of loanIds) {
    (groups[Number(BigInt(id) % BigInt(LOCK_BUCKETS)) % parts] as string[]).push(id);
  }
  return groups.filter((group) => group.length > 0);
}

/** The advisory lock a reconcile of this loan takes (`pg_advisory_xact_lock(key, bucket)`). */
export const loanLock = (chainId: number, loanId: bigint): [number, number] => [
  LOCK_NAMESPACE + chainId,
  Number(loanId % BigInt(LOCK_BUCKETS)),
];

/**
 * The fold (DESIGN.md §4), set-based: every loan of the batch from its canonical events (plus
 * fast-path hints above the indexer's cursor that the indexer has not stored) in one statement.
 * On the contract's state machine (Requested → Funded | Cancelled; Funded → Repaid | Defaulted;
 * Defaulted → Repaid) the status is the one its latest status-moving event leaves
 * (`STATUS_AFTER_EVENT` of `@lendpath/contracts`, spelt into the SQL once); the figures come from
 * the latest event of each kind; `as_of_block` is the block of its latest event. A loan without a
 * LoanRequested (every event removed by a reorg) folds to nothing: status NULL, hidden from the
 * API. Rows are written only when something changed; RETURNING names them, beside each row as
 * it was before (`old`: the statement's snapshot, taken after the reconcile's locks).
 *
 * `latest` keeps one event per loan and kind; `per_loan` turns them into one row per loan in one
 * grouping pass over each loan's handful of rows, rather than a sort of every event for the last
 * one and a join per figure (measured on a backfill's 50,000 events: 40 % less work to read).
 * Only the two `ORDER BY` aggregates sort, and only within a loan.
 *
 * $1 chain id, $2 contract, $3 loan ids, $4 the indexer's cursor, $5 safe, $6 finalized block;
 * `ids` is how the statement reads $3 ({@link FOLD_SQL}, {@link FOLD_MANY_SQL}).
 */
const foldSql = (ids: string) => `
  WITH old AS (
    SELECT loan_chain_id::text AS loan_chain_id, status, finality, as_of_block::text AS as_of_block
    FROM app.loan_requests WHERE chain_id = $1 AND loan_chain_id = ANY(${ids})
  ),
  ev AS (
    SELECT loan_id, name, block_number, block_hash, block_timestamp, log_index, args
    FROM indexer.v_chain_events
    WHERE chain_id = $1 AND address = $2 AND loan_id = ANY(${ids}) AND NOT removed
    UNION ALL
    SELECT h.loan_id, h.name, h.block_number, h.block_hash, h.block_timestamp, h.log_index, h.args
    FROM app.loan_chain_hints h
    WHERE h.chain_id = $1 AND h.address = $2 AND h.loan_id = ANY(${ids})
      AND h.block_number > $4
      AND NOT EXISTS (SELECT 1 FROM indexer.v_chain_events e
                      WHERE e.chain_id = h.chain_id AND e.block_hash = h.block_hash
                        AND e.log_index = h.log_index)
  ),
  latest AS (
    SELECT DISTINCT ON (loan_id, name) loan_id, name, block_number, block_hash, block_timestamp,
           log_index, args
    FROM ev ORDER BY loan_id, name, block_number DESC, log_index DESC
  ),
  per_loan AS (
    SELECT loan_id,
           (array_agg(args) FILTER (WHERE name = 'LoanRequested'))[1] AS r,
           max(block_timestamp) FILTER (WHERE name = 'LoanRequested') AS requested_ts,
           (array_agg(args) FILTER (WHERE name = 'LoanFunded'))[1] AS f,
           max(block_timestamp) FILTER (WHERE name = 'LoanFunded') AS funded_ts,
           (array_agg(args) FILTER (WHERE name = 'LoanRepaid'))[1] AS p,
           max(block_timestamp) FILTER (WHERE name = 'LoanRepaid') AS repaid_ts,
           bool_or(name = 'FundsReleased') AS released,
           (array_agg(name ORDER BY block_number DESC, log_index DESC)
              FILTER (WHERE name IN (${sqlList(Object.keys(STATUS_AFTER_EVENT))})))[1]
             AS last_status_event,
           max(block_number) AS last_block,
           (array_agg(block_hash ORDER BY block_number DESC, log_index DESC))[1] AS last_hash
    FROM latest GROUP BY loan_id
  ),
  folded AS (
    SELECT ids.loan_id, g.r, g.requested_ts, g.f, g.funded_ts, g.p, g.repaid_ts,
           coalesce(g.released, false) AS released, g.last_status_event, g.last_block, g.last_hash
    FROM (SELECT DISTINCT unnest(${ids}) AS loan_id) AS ids
    LEFT JOIN per_loan g ON g.loan_id = ids.loan_id
  ),
  rows AS (
    SELECT loan_id,
           ${statusAfterEventSql('last_status_event')} AS status,
           r->>'borrower' AS borrower_wallet, (r->>'amount')::numeric AS amount_units,
           (r->>'duration')::bigint AS duration_seconds, (r->>'maxAprBps')::int AS max_apr_bps,
           to_timestamp(requested_ts) AS requested_at,
           f->>'lender' AS lender_wallet, (f->>'aprBps')::int AS apr_bps,
           to_timestamp(funded_ts) AS start_date,
           to_timestamp((f->>'dueDate')::bigint) AS due_date,
           (f->>'repaymentAmount')::numeric AS repayment_units,
           (p->>'amount')::numeric AS repaid_units, (p->>'penalty')::numeric AS penalty_units,
           to_timestamp(repaid_ts) AS repaid_at, (p->>'escrowed')::boolean AS escrowed,
           CASE WHEN p IS NULL THEN NULL ELSE released END AS escrow_released,
           last_block AS as_of_block, last_hash AS as_of_block_hash
    FROM folded WHERE r IS NOT NULL
    UNION ALL
    SELECT loan_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
           NULL, NULL, NULL, NULL, NULL, NULL
    FROM folded WHERE r IS NULL
  ),
  written AS (
  INSERT INTO app.loan_requests AS t
    (chain_id, loan_chain_id, status, borrower_wallet, amount_units, duration_seconds,
     max_apr_bps, requested_at, lender_wallet, apr_bps, start_date, due_date, repayment_units,
     repaid_units, penalty_units, repaid_at, escrowed, escrow_released, as_of_block,
     as_of_block_hash, finality)
  SELECT $1, loan_id, status, borrower_wallet, amount_units, duration_seconds, max_apr_bps,
         requested_at, lender_wallet, apr_bps, start_date, due_date, repayment_units,
         repaid_units, penalty_units, repaid_at, escrowed, escrow_released, as_of_block,
         as_of_block_hash,
         CASE WHEN status IS NULL THEN NULL WHEN as_of_block <= $6 THEN 'finalized'
              WHEN as_of_block <= $5 THEN 'safe' ELSE 'pending' END
  FROM rows
  ON CONFLICT (chain_id, loan_chain_id) DO UPDATE SET
    status = EXCLUDED.status, borrower_wallet = EXCLUDED.borrower_wallet,
    amount_units = EXCLUDED.amount_units, duration_seconds = EXCLUDED.duration_seconds,
    max_apr_bps = EXCLUDED.max_apr_bps, requested_at = EXCLUDED.requested_at,
    lender_wallet = EXCLUDED.lender_wallet, apr_bps = EXCLUDED.apr_bps,
    start_date = EXCLUDED.start_date, due_date = EXCLUDED.due_date,
    repayment_units = EXCLUDED.repayment_units, repaid_units = EXCLUDED.repaid_units,
    penalty_units = EXCLUDED.penalty_units, repaid_at = EXCLUDED.repaid_at,
    escrowed = EXCLUDED.escrowed, escrow_released = EXCLUDED.escrow_released,
    as_of_block = EXCLUDED.as_of_block, as_of_block_hash = EXCLUDED.as_of_block_hash,
    finality = EXCLUDED.finality, updated_at = now()
  WHERE (t.status, t.lender_wallet, t.repaid_units, t.escrow_released, t.as_of_block,
         t.as_of_block_hash, t.finality, t.borrower_wallet, t.amount_units)
    IS DISTINCT FROM
        (EXCLUDED.status, EXCLUDED.lender_wallet, EXCLUDED.repaid_units,
         EXCLUDED.escrow_released, EXCLUDED.as_of_block, EXCLUDED.as_of_block_hash,
         EXCLUDED.finality, EXCLUDED.borrower_wallet, EXCLUDED.amount_units)
  RETURNING t.id, t.loan_chain_id::text AS loan_chain_id, t.status, t.finality,
            t.as_of_block::text AS as_of_block
  )
  SELECT w.*, o.status AS was_status, o.finality AS was_finality, o.as_of_block AS was_as_of_block
  FROM written w LEFT JOIN old o ON o.loan_chain_id = w.loan_chain_id`;

/** The fold of a new block's few loans, prepared: its plans may take the ids into account. */
const FOLD_SQL = foldSql('$3::numeric[]');

/**
 * The fold of many loans, planned on each call with the ids out of the planner's view: handed
 * over by an InitPlan when the statement runs. With them in view, Postgres estimated each of
 * thousands of constants in each of the four places they appear: the bench's backfill spent
 * 15–16 ms planning each half of its fold (Postgres's statement log, `bind`), against ~1–2 ms so
 * (`EXPLAIN (SUMMARY)` on a copy of its database), for the same plan but that `chain_events` is
 * read through its loan index, for those loans' events only.
 */
const FOLD_MANY_SQL = foldSql('(SELECT $3::numeric[])::numeric[]');

/**
 * Blocks settle without new events: promotes every row the chain has since made safer, by the
 * indexer's safe and finalized blocks as they are when this statement runs.
 *
 * It runs after the fold's transaction has committed, in a statement of its own. Inside that
 * transaction it would read the blocks from before the fold took its locks, and miss rows other
 * reconciles had not yet committed: a fold of the request at block 16, slowed down, while the
 * job for blocks 17-22 promoted nothing (the row did not exist for it yet), committed `pending`
 * with nothing left to promote it; the loan stayed `pending` until the chain's next event. After
 * the commit, of every two overlapping reconciles the later promote sees both the other's row
 * and the newer blocks.
 *
 * Only rows whose as-of block the indexer holds as canonical: a row from a fast-path hint, or
 * one resting on a block a reorg has since replaced, waits for its re-fold. That is judged once
 * per block hash (`canonical`, materialised), not per row: a backfill leaves thousands of rows
 * in its last few blocks, and a look-up per row walked every event of the row's block (~2 s for
 * 13,792 rows of five blocks, against ~0.45 s so, EXPLAIN ANALYZE on the indexer bench's
 * history). `IN ('pending', 'safe')`, not `<> 'finalized'`: the same rows, but the finality
 * index is searched for them alone, instead of every row of the chain being read on each
 * reconcile.
 *
 * $1 chain id, $2 contract (and $3 the loans, for a member's call: {@link ReconcileOptions}).
 */
const promoteSql = (scope: 'all' | 'folded') => {
  // The promotion of a member's call looks at its own loans, found by their key.
  const only = (column: string) =>
    scope === 'folded' ? ` AND ${column} = ANY($3::numeric[])` : '';
  return `
  WITH canonical AS MATERIALIZED (
    SELECT h.hash
    FROM (SELECT DISTINCT as_of_block_hash AS hash FROM app.loan_requests
          WHERE chain_id = $1 AND finality IN ('pending', 'safe')${only('loan_chain_id')}) AS h
    WHERE EXISTS (SELECT 1 FROM indexer.v_chain_events e
                  WHERE e.chain_id = $1 AND e.block_hash = h.hash AND e.address = $2
                    AND NOT e.removed)
  )
  UPDATE app.loan_requests t
  SET finality = CASE WHEN t.as_of_block <= s.finalized_block THEN 'finalized' ELSE 'safe' END
  FROM indexer.v_sources s
  WHERE s.chain_id = $1 AND s.address = $2
    AND t.chain_id = $1 AND t.finality IN ('pending', 'safe') AND t.as_of_block <= s.safe_block
    AND t.finality IS DISTINCT FROM
        (CASE WHEN t.as_of_block <= s.finalized_block THEN 'finalized' ELSE 'safe' END)
    AND t.as_of_block_hash IN (SELECT hash FROM canonical)${only('t.loan_chain_id')}
  RETURNING t.id, t.loan_chain_id::text AS loan_chain_id, t.status, t.finality,
            t.as_of_block::text AS as_of_block`;
};
const PROMOTE_SQL = promoteSql('all');
/** {@link PROMOTE_SQL} of these loans alone ($3, decimal ids): `promote: 'folded'`. */
const PROMOTE_LOANS_SQL = promoteSql('folded');

/**
 * The loans a reconcile would change beyond finality, in one statement: every loan whose newest
 * canonical event (what {@link FOLD_SQL} folds: non-removed stored events, and hints above the
 * indexer's cursor) is not its row's as-of block. That is a row missing, a row behind a newer
 * event, or a row whose as-of events a reorg marked removed: the loan re-mined lower, not at all,
 * or at the same height in another block (its as-of hash is then among none of the loan's
 * canonical events). Loans with hints the indexer has since passed are named too: the reconcile
 * drops those hints and re-folds without them. (A loan with events but no LoanRequested, which no
 * chain makes, would be named on every sweep: the fold leaves it no as-of block.)
 *
 * One pass over the contract's events, hash-joined to the chain's rows and grouped per loan: no
 * sort of the event store. Its cost grows with the store (README, "After a crash").
 *
 * $1 chain id, $2 contract.
 */
const STALE_SQL = `
  WITH cursor AS (
    SELECT coalesce(
      (SELECT cursor_block FROM indexer.v_sources WHERE chain_id = $1 AND address = $2), -1) AS block
  ),
  -- The loans to look at: every one when $3 is -1; else those with an event (removed or not) or
  -- a row at or above block $3 (the block index finds them), and every hinted one.
  candidates AS (
    SELECT loan_id FROM indexer.v_chain_events
    WHERE $3 >= 0 AND chain_id = $1 AND address = $2 AND block_number >= $3
    UNION
    SELECT loan_chain_id FROM app.loan_requests
    WHERE $3 >= 0 AND chain_id = $1 AND as_of_block >= $3
    UNION
    SELECT loan_id FROM app.loan_chain_hints WHERE $3 >= 0 AND chain_id = $1 AND address = $2
  ),
  canonical AS (
    SELECT loan_id, block_number, block_hash FROM indexer.v_chain_events
    WHERE chain_id = $1 AND address = $2 AND NOT removed
      AND ($3 < 0 OR loan_id IN (SELECT loan_id FROM candidates))
    UNION ALL
    SELECT loan_id, block_number, block_hash FROM app.loan_chain_hints
    WHERE chain_id = $1 AND address = $2 AND block_number > (SELECT block FROM cursor)
  ),
  compared AS (
    SELECT coalesce(c.loan_id, r.loan_chain_id) AS loan_id, max(c.block_number) AS newest,
           max(r.as_of_block) AS as_of,
           bool_or(c.block_hash = r.as_of_block_hash) AS as_of_canonical
    FROM canonical c
    FULL JOIN (SELECT loan_chain_id, as_of_block, as_of_block_hash FROM app.loan_requests
               WHERE chain_id = $1
                 AND ($3 < 0 OR loan_chain_id IN (SELECT loan_id FROM candidates))) AS r
      ON r.loan_chain_id = c.loan_id
    GROUP BY 1
  )
  SELECT loan_id::text AS id FROM compared
  WHERE newest IS DISTINCT FROM as_of OR (as_of IS NOT NULL AND as_of_canonical IS NOT TRUE)
  UNION
  SELECT loan_id::text FROM app.loan_chain_hints
  WHERE chain_id = $1 AND address = $2 AND block_number <= (SELECT block FROM cursor)`;
