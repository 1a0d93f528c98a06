import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { LendingEvent } from '@lendpath/contracts';
import type { PoolClient, QueryResult } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DataSource, QueryRunner } from 'typeorm';

import { EVENT_COLUMNS, type EventBatch } from './event-rows';

/**
 * All of the follower's SQL (and `indexer:resume`'s): the source row with its cursor, the event
 * store, the window of unfinalized block hashes and the outbox, in schema `indexer`. The
 * algorithms (`follower.ts`, `resume.ts`) decide; this reads and writes.
 */

/** The contract one follower follows. */
export interface FollowedContract {
  chainId: number;
  /** Lower case. */
  address: string;
  deployBlock: number;
}

/** The follower's row in indexer.sources. */
export interface SourceState {
  cursorBlock: number;
  cursorHash: string | null;
  safeBlock: number | null;
  finalizedBlock: number | null;
  haltedReason: string | null;
}

/** The source row's state, as {@link FollowerStore.load} reads it (and the warm start). */
export const SOURCE_STATE_SQL = `SELECT cursor_block, cursor_hash, safe_block, finalized_block,
  halted_reason FROM indexer.sources WHERE chain_id = $1 AND address = $2`;

export interface SourceRow {
  cursor_block: string;
  cursor_hash: string | null;
  safe_block: string | null;
  finalized_block: string | null;
  halted_reason: string | null;
}

export function sourceStateOf(row: SourceRow): SourceState {
  const num = (value: string | null) => (value === null ? null : Number(value));
  return {
    cursorBlock: Number(row.cursor_block),
    cursorHash: row.cursor_hash,
    safeBlock: num(row.safe_block),
    finalizedBlock: num(row.finalized_block),
    haltedReason: row.halted_reason,
  };
}

/** A source's state before it has a row: nothing read, the cursor just below the deploy block. */
export const unstartedState = (contract: FollowedContract): SourceState => ({
  cursorBlock: contract.deployBlock - 1,
  cursorHash: null,
  safeBlock: null,
  finalizedBlock: null,
  haltedReason: null,
});

export interface BlockHeader {
  number: number;
  hash: string;
  parentHash: string;
  timestamp: number;
}

export interface StoredEvent extends LendingEvent {
  blockTimestamp: number;
}

/** An outbox row: a committed range and the loans whose events it added or removed. */
export interface Announcement {
  fromBlock: number;
  toBlock: number;
  loanIds: readonly string[];
  safeBlock: number;
  finalizedBlock: number;
}

/** Where a batch leaves the cursor, and the chain's head, safe and finalized blocks it saw. */
export interface CursorMove {
  block: number;
  hash: string;
  headBlock: number;
  /** Stored as at most `block`. */
  safeBlock: number;
  finalizedBlock: number;
  reorg: boolean;
}

/** Another writer moved the cursor first: this batch is dropped, nothing was written. */
export class FencedOut extends Error {
  constructor() {
    super('the cursor moved under this batch: another indexer is writing');
    this.name = 'FencedOut';
  }
}

/** The pg connection under a TypeORM QueryRunner (COPY and named statements need it). */
const connectionOf = (runner: QueryRunner): PoolClient =>
  (runner as unknown as { databaseConnection: PoolClient }).databaseConnection;

/** Statement name by SQL text. */
const statementNames = new Map<string, string>();

/**
 * A statement of every block's commit, prepared on the runner's connection under a name made from
 * its text: Postgres parses and plans it once per connection instead of on every block, which
 * TypeORM's `query` cannot ask for. Measured one by one on the indexer bench's history: the
 * window and outbox statement 0.94 → 0.36 ms, the events' 0.62 → 0.50, the cursor's 0.53 → 0.36.
 * The texts are this file's constants, so the names stay few. None answers a table's columns,
 * so a migration under a running indexer only makes Postgres plan them again (a prepared
 * statement fails only when its result's columns change).
 */
function prepared(
  runner: QueryRunner,
  text: string,
  values: readonly unknown[],
): Promise<QueryResult> {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `ix_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return connectionOf(runner).query({ name, text, values: values as unknown[] });
}

/**
 * One writer per contract: the follower's advisory lock, held until the transaction ends. The
 * follower takes it for every batch, `indexer:resume` for its whole change.
 */
export async function lockFollower(
  runner: QueryRunner,
  { chainId, address }: FollowedContract,
): Promise<void> {
  await prepared(runner, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
    `indexer:${chainId}:${address}`,
  ]);
}

/** From how many events a batch goes in with COPY (below it, one INSERT is one round trip less). */
export const COPY_MIN_EVENTS = 500;

/**
 * Writes a batch's events into indexer.chain_events inside the batch's transaction.
 *
 * A big batch of new blocks goes in with COPY: backfill moves tens of thousands of rows per batch,
 * and COPY spares Postgres parsing them as one huge array literal per column (the insert was the
 * slowest stage of a backfill before); a batch the log worker encoded always does, its rows being
 * COPY's already. When any of its blocks is already stored (the chain went back to a fork we had
 * followed, whose events a reorg marked removed), rows go through INSERT … ON CONFLICT, which
 * revives them instead of failing on the unique key: a few decoded events directly, encoded ones
 * copied into a temporary table first. A realtime block's few events take that INSERT at once: one
 * round trip, where the look for stored blocks and the COPY are three.
 */
export async function writeEvents(
  runner: QueryRunner,
  chainId: number,
  address: string,
  batch: EventBatch,
): Promise<void> {
  if (batch.count === 0) {
    return;
  }
  const decoded = batch.decoded();
  const stored = async () =>
    (
      (await runner.query(
        `SELECT 1 FROM indexer.chain_events WHERE chain_id = $1 AND block_hash = ANY($2) LIMIT 1`,
        [chainId, batch.blockHashes()],
      )) as unknown[]
    ).length > 0;
  if (decoded !== undefined && (decoded.length < COPY_MIN_EVENTS || (await stored()))) {
    await insertEvents(runner, chainId, address, decoded);
    return;
  }
  const client = connectionOf(runner);
  const copy = (table: string) =>
    pipeline(
      Readable.from(batch.rows(chainId, address)),
      client.query(copyFrom(`COPY ${table} (${EVENT_COLUMNS}) FROM STDIN`)),
    );
  if (decoded !== undefined || !(await stored())) {
    await copy('indexer.chain_events');
    return;
  }
  await runner.query(
    `CREATE TEMPORARY TABLE arriving_events (LIKE indexer.chain_events INCLUDING DEFAULTS)
     ON COMMIT DROP`,
  );
  await copy('arriving_events');
  await runner.query(
    `INSERT INTO indexer.chain_events (${EVENT_COLUMNS})
     SELECT ${EVENT_COLUMNS} FROM arriving_events
     ON CONFLICT (chain_id, block_hash, log_index) DO UPDATE SET removed = false`,
  );
}

/** Decoded events in one INSERT, reviving any already stored (see {@link writeEvents}). */
async function insertEvents(
  runner: QueryRunner,
  chainId: number,
  address: string,
  events: readonly StoredEvent[],
): Promise<void> {
  await prepared(
    runner,
    `INSERT INTO indexer.chain_events (${EVENT_COLUMNS})
     SELECT $1, $2, * FROM unnest($3::bigint[], $4::text[], $5::bigint[], $6::int[],
                                  $7::text[], $8::text[], $9::numeric[], $10::jsonb[])
     ON CONFLICT (chain_id, block_hash, log_index) DO UPDATE SET removed = false`,
    [
      chainId,
      address,
      events.map((e) => e.blockNumber),
      events.map((e) => e.blockHash),
      events.map((e) => e.blockTimestamp),
      events.map((e) => e.logIndex),
      events.map((e) => e.txHash),
      events.map((e) => e.name),
      events.map((e) => e.loanId),
      events.map((e) => JSON.stringify(e.args)),
    ],
  );
}

/**
 * The window and the outbox after a batch, in one statement: stores (or replaces) `blocks`'
 * hashes, forgets those below `forgetBelow` (when given), and writes the outbox row the relay puts
 * on the chain-events queue after commit (when there is one).
 *
 * A block below `forgetBelow` is not stored at all: every part of one statement reads the same
 * snapshot, so the delete would not see it (and its conflict with an old row of the same number
 * would be both updated and deleted, which Postgres leaves undefined); stored, it would only have
 * been deleted.
 */
export async function keepWindowAndAnnounce(
  runner: QueryRunner,
  { chainId, address }: FollowedContract,
  {
    blocks,
    forgetBelow,
    announcement,
  }: {
    blocks: readonly BlockHeader[];
    forgetBelow?: number;
    announcement: Announcement | null;
  },
): Promise<void> {
  await prepared(
    runner,
    `WITH stored AS (
       INSERT INTO indexer.blocks (chain_id, address, number, hash, parent_hash, timestamp)
       SELECT $1, $2, b.* FROM unnest($3::bigint[], $4::text[], $5::text[], $6::bigint[])
         AS b (number, hash, parent_hash, timestamp)
       WHERE $7::bigint IS NULL OR b.number >= $7
       ON CONFLICT (chain_id, address, number) DO UPDATE
         SET hash = EXCLUDED.hash, parent_hash = EXCLUDED.parent_hash, timestamp = EXCLUDED.timestamp
     ), forgotten AS (
       DELETE FROM indexer.blocks WHERE chain_id = $1 AND address = $2 AND number < $7
     )
     INSERT INTO indexer.outbox
       (chain_id, address, from_block, to_block, loan_ids, safe_block, finalized_block)
     SELECT $1, $2, $8, $9, $10::numeric[], $11, $12 WHERE $8::bigint IS NOT NULL`,
    [
      chainId,
      address,
      blocks.map((b) => b.number),
      blocks.map((b) => b.hash),
      blocks.map((b) => b.parentHash),
      blocks.map((b) => b.timestamp),
      forgetBelow ?? null,
      announcement?.fromBlock ?? null,
      announcement?.toBlock ?? null,
      announcement?.loanIds ?? null,
      announcement?.safeBlock ?? null,
      announcement?.finalizedBlock ?? null,
    ],
  );
}

/**
 * Marks every stored event above `block` removed (never deletes one) and forgets the window's
 * hashes above it; answers the loan id of each event it marked.
 */
export async function undoAbove(
  runner: QueryRunner,
  { chainId, address }: FollowedContract,
  block: number,
): Promise<string[]> {
  const [removed] = (await runner.query(
    `UPDATE indexer.chain_events SET removed = true
     WHERE chain_id = $1 AND address = $2 AND block_number > $3 AND NOT removed
     RETURNING loan_id::text`,
    [chainId, address, block],
  )) as [{ loan_id: string }[], number];
  await runner.query(
    `DELETE FROM indexer.blocks WHERE chain_id = $1 AND address = $2 AND number > $3`,
    [chainId, address, block],
  );
  return removed.map((row) => row.loan_id);
}

/** The follower's state and batches (the algorithm is follower.ts). */
export class FollowerStore {
  /** Whether this process has made sure the source row exists (it is never deleted). */
  private made = false;

  constructor(
    private readonly contract: FollowedContract,
    private readonly dataSource: DataSource,
  ) {}

  /** The source row, made at the deploy block on first use. */
  async load(): Promise<SourceState> {
    const { chainId, address, deployBlock } = this.contract;
    if (!this.made) {
      await this.dataSource.query(
        `INSERT INTO indexer.sources (chain_id, address, deploy_block, cursor_block)
         VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [chainId, address, deployBlock, unstartedState(this.contract).cursorBlock],
      );
      this.made = true;
    }
    const [row] = await this.dataSource.query<SourceRow[]>(SOURCE_STATE_SQL, [chainId, address]);
    if (row === undefined) {
      throw new Error('indexer.sources row vanished');
    }
    return sourceStateOf(row);
  }

  /**
   * Records that the follower stands at the head (`caught_up_at`), also when no block arrived:
   * readers judge from its age whether the store is the chain's present. At most once a second,
   * and a no-op write otherwise, although syncs tick every INDEXER_POLL_MS.
   */
  async checkIn(): Promise<void> {
    await this.dataSource.query(
      `UPDATE indexer.sources SET caught_up_at = now()
       WHERE chain_id = $1 AND address = $2 AND halted_reason IS NULL
         AND (caught_up_at IS NULL OR caught_up_at < now() - interval '1 second')`,
      [this.contract.chainId, this.contract.address],
    );
  }

  /** The window's stored block hashes at or below `block`, newest first. */
  async storedBlocks(block: number): Promise<{ number: number; hash: string }[]> {
    const rows = await this.dataSource.query<{ number: string; hash: string }[]>(
      `SELECT number, hash FROM indexer.blocks
       WHERE chain_id = $1 AND address = $2 AND number <= $3 ORDER BY number DESC`,
      [this.contract.chainId, this.contract.address, block],
    );
    return rows.map((row) => ({ number: Number(row.number), hash: row.hash }));
  }

  /**
   * One batch of new blocks: their events, their hashes (the window keeps everything from
   * `windowFrom` up), the cursor and, when there is news, the outbox row. One transaction,
   * fenced, of six round trips for a realtime block (BEGIN, the lock, the cursor, the events, the
   * window and the outbox, COMMIT), where it took ten; the four statements between BEGIN and
   * COMMIT are prepared ({@link prepared}).
   */
  async commit(
    state: SourceState,
    batch: {
      events: EventBatch;
      blocks: readonly BlockHeader[];
      windowFrom: number;
      cursor: CursorMove;
      announcement: Announcement | null;
    },
  ): Promise<void> {
    const { chainId, address } = this.contract;
    await this.transaction(state, batch.cursor, async (runner) => {
      await writeEvents(runner, chainId, address, batch.events);
      await keepWindowAndAnnounce(runner, this.contract, {
        blocks: batch.blocks,
        forgetBelow: batch.windowFrom,
        announcement: batch.announcement,
      });
    });
  }

  /**
   * A reorg: undoes everything above `cursor.block` (the common ancestor), moves the cursor there
   * and announces the loans the removed events touched, in one fenced transaction.
   */
  async rewind(
    state: SourceState,
    cursor: CursorMove,
    announcement: Omit<Announcement, 'loanIds'>,
  ): Promise<void> {
    await this.transaction(state, cursor, async (runner) => {
      const removed = await undoAbove(runner, this.contract, cursor.block);
      await keepWindowAndAnnounce(runner, this.contract, {
        blocks: [],
        announcement: { ...announcement, loanIds: [...new Set(removed)] },
      });
    });
  }

  /** Halts the follower: it stays where it is until `indexer:resume`. */
  async halt(state: SourceState, reason: string): Promise<void> {
    await this.transaction(state, null, async (runner) => {
      await runner.query(
        `UPDATE indexer.sources SET halted_reason = $3, updated_at = now()
         WHERE chain_id = $1 AND address = $2`,
        [this.contract.chainId, this.contract.address, reason],
      );
    });
  }

  /**
   * A transaction under the follower's lock that finds the cursor where `state` left it, else
   * FencedOut: another writer went first. With a `move`, the cursor is moved first, only from
   * there (the move is the check: one round trip, not two), before anything else is written.
   */
  private transaction(
    state: SourceState,
    move: CursorMove | null,
    work: (runner: QueryRunner) => Promise<void>,
  ): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const runner = manager.queryRunner as QueryRunner;
      await lockFollower(runner, this.contract);
      if (move !== null) {
        await this.moveCursor(runner, state, move);
        await work(runner);
        return;
      }
      const [row] = (await runner.query(
        `SELECT cursor_block, cursor_hash FROM indexer.sources WHERE chain_id = $1 AND address = $2`,
        [this.contract.chainId, this.contract.address],
      )) as { cursor_block: string; cursor_hash: string | null }[];
      if (
        Number(row?.cursor_block) !== state.cursorBlock ||
        row?.cursor_hash !== state.cursorHash
      ) {
        throw new FencedOut();
      }
      await work(runner);
    });
  }

  /** Advances (or rewinds) the cursor only from the block and hash the batch started at. */
  private async moveCursor(
    runner: QueryRunner,
    state: SourceState,
    cursor: CursorMove,
  ): Promise<void> {
    const { rowCount } = await prepared(
      runner,
      `UPDATE indexer.sources
       SET cursor_block = $5, cursor_hash = $6, head_block = $7,
           safe_block = LEAST($8::bigint, $5::bigint), finalized_block = LEAST($9::bigint, $5::bigint),
           reorg_count = reorg_count + $10, updated_at = now()
       WHERE chain_id = $1 AND address = $2 AND cursor_block = $3
         AND cursor_hash IS NOT DISTINCT FROM $4`,
      [
        this.contract.chainId,
        this.contract.address,
        state.cursorBlock,
        state.cursorHash,
        cursor.block,
        cursor.hash,
        cursor.headBlock,
        cursor.safeBlock,
        cursor.finalizedBlock,
        cursor.reorg ? 1 : 0,
      ],
    );
    if (rowCount !== 1) {
      throw new FencedOut();
    }
  }
}

/** `indexer:resume`'s reads and its one change (see resume.ts). */
export const resumeStore = {
  /** The source row as resume judges it (numbers as decimal strings), or undefined. */
  async source(
    dataSource: DataSource | QueryRunner,
    { chainId, address }: FollowedContract,
    forUpdate = false,
  ): Promise<ResumeSource | undefined> {
    const [row] = (await dataSource.query(
      `SELECT cursor_block::text, cursor_hash, finalized_block::text, halted_reason
       FROM indexer.sources WHERE chain_id = $1 AND address = $2${forUpdate ? ' FOR UPDATE' : ''}`,
      [chainId, address],
    )) as ResumeSource[];
    return row;
  },

  /**
   * Block hashes the store knows at or below `floor`, newest first, a page at a time: the
   * window, the cursor, and the blocks of stored events.
   */
  async knownBlocks(
    dataSource: DataSource,
    { chainId, address }: FollowedContract,
    floor: number,
    page: { limit: number; offset: number },
  ): Promise<{ number: number; hash: string }[]> {
    const rows = await dataSource.query<{ number: string; hash: string }[]>(
      `SELECT number::text, hash FROM (
         SELECT number, hash FROM indexer.blocks
         WHERE chain_id = $1 AND address = $2 AND number <= $3
         UNION
         SELECT cursor_block, cursor_hash FROM indexer.sources
         WHERE chain_id = $1 AND address = $2 AND cursor_block <= $3 AND cursor_hash IS NOT NULL
         UNION
         SELECT block_number, block_hash FROM indexer.chain_events
         WHERE chain_id = $1 AND address = $2 AND block_number <= $3
       ) AS known ORDER BY number DESC, hash LIMIT ${page.limit} OFFSET ${page.offset}`,
      [chainId, address, floor],
    );
    return rows.map((row) => ({ number: Number(row.number), hash: row.hash }));
  },

  /**
   * Moves the cursor back to `block` (hash null: before the deploy block), safe and finalized
   * with it, and clears the halt; answers where safe and finalized now stand.
   */
  async resetCursor(
    runner: QueryRunner,
    { chainId, address }: FollowedContract,
    block: number,
    hash: string | null,
  ): Promise<{ safeBlock: number | null; finalizedBlock: number | null }> {
    const [settled] = (await runner.query(
      `UPDATE indexer.sources
       SET cursor_block = $3, cursor_hash = $4, halted_reason = NULL,
           safe_block = LEAST(safe_block, $3::bigint), finalized_block = LEAST(finalized_block, $3::bigint),
           reorg_count = reorg_count + 1, updated_at = now()
       WHERE chain_id = $1 AND address = $2
       RETURNING safe_block, finalized_block`,
      [chainId, address, block, hash],
    )) as [{ safe_block: string | null; finalized_block: string | null }[], number];
    const num = (value: string | null | undefined) =>
      value === null || value === undefined ? null : Number(value);
    return {
      safeBlock: num(settled[0]?.safe_block),
      finalizedBlock: num(settled[0]?.finalized_block),
    };
  },
};

/** The source row as `indexer:resume` reads it. */
export interface ResumeSource {
  cursor_block: string;
  cursor_hash: string | null;
  finalized_block: string | null;
  halted_reason: string | null;
}
