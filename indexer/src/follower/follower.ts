import type { Logger } from '@nestjs/common';
import type { DataSource, QueryRunner } from 'typeorm';

import { decodeLendingLog, LENDING_TOPICS, type RawLog } from '../chain/lending-events';
import { RpcError, type RpcClient } from '../chain/rpc-client';
import type { IndexerMetrics } from '../metrics/indexer-metrics';
import { type StoredEvent, writeEvents } from './event-writer';

/** The contract one follower follows. */
export interface FollowedContract {
  chainId: number;
  /** Lower case. */
  address: string;
  deployBlock: number;
}

export interface FollowerConfig {
  finality: 'tags' | 'depth';
  safeDepth: number;
  finalizedDepth: number;
  initialRange: number;
  maxRange: number;
}

/** The follower's row in indexer.sources. */
export interface SourceState {
  cursorBlock: number;
  cursorHash: string | null;
  safeBlock: number | null;
  finalizedBlock: number | null;
  haltedReason: string | null;
}

interface BlockHeader {
  number: number;
  hash: string;
  parentHash: string;
  timestamp: number;
}

interface Tip {
  head: BlockHeader;
  safe: number;
  finalized: number;
}

/** Blocks fetched per realtime step (headers and logs by hash, one batch each). */
const REALTIME_STEP = 50;

/** What one sync did. */
export interface SyncOutcome {
  /** Batches committed (ranges, realtime steps and reorg rewinds). */
  batches: number;
  events: number;
  reorgs: number;
  caughtUp: boolean;
  /** Why it halted (a reorg deeper than finality), or null while it follows. */
  haltedReason: string | null;
}

/** Another writer moved the cursor first: this batch is dropped, nothing was written. */
export class FencedOut extends Error {
  constructor() {
    super('the cursor moved under this batch: another indexer is writing');
    this.name = 'FencedOut';
  }
}

interface RawHeader {
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
}

const toHeader = (raw: RawHeader): BlockHeader => ({
  number: Number(raw.number),
  hash: raw.hash,
  parentHash: raw.parentHash,
  timestamp: Number(raw.timestamp),
});
const hex = (n: number) => `0x${n.toString(16)}`;

/**
 * Follows one contract's events into the event store (DESIGN.md §5). The database orders the
 * work: each step reads the cursor, fetches the next blocks, and commits events, block hashes,
 * the cursor and an outbox row in one transaction, fenced by an advisory lock and a
 * compare-and-set on the cursor's hash.
 *
 * Below the finalized block it backfills with getLogs over adaptive ranges (no reorg can touch
 * those blocks). Above it, it walks block by block: each header's parent hash must be the hash
 * it stored for the block before, and logs are fetched by block hash, so a step never mixes two
 * forks. A mismatch walks back to the common ancestor and marks the orphaned events removed; an
 * ancestor below finality halts the follower (it never continues silently).
 */
export class Follower {
  private range: number;
  private verifiedCursor = false;
  private readonly lockKey: string;

  constructor(
    private readonly contract: FollowedContract,
    private readonly config: FollowerConfig,
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    private readonly metrics: IndexerMetrics,
    private readonly logger: Pick<Logger, 'log' | 'warn' | 'error'>,
  ) {
    this.range = config.initialRange;
    this.lockKey = `indexer:${contract.chainId}:${contract.address}`;
  }

  /** Follows until caught up with the head, or until `deadline` (ms since epoch) passes. */
  async sync(deadline = Number.POSITIVE_INFINITY): Promise<SyncOutcome> {
    const outcome: SyncOutcome = {
      batches: 0,
      events: 0,
      reorgs: 0,
      caughtUp: false,
      haltedReason: null,
    };
    let state = await this.loadState();
    if (state.haltedReason !== null) {
      this.metrics.halted.set(1);
      return { ...outcome, haltedReason: state.haltedReason };
    }
    // Cleared by `npm run indexer:resume` while this process ran.
    this.metrics.halted.set(0);
    const tip = await this.tip();
    this.observeTip(tip);
    if (!this.verifiedCursor && state.cursorHash !== null && state.cursorBlock <= tip.head.number) {
      // On start, the block we stopped at may have been reorganised while we were away.
      const [header] = await this.headers([state.cursorBlock]);
      if (header?.hash !== state.cursorHash) {
        state = await this.rewind(state, tip);
        outcome.reorgs++;
        outcome.batches++;
        if (state.haltedReason !== null) {
          return { ...outcome, haltedReason: state.haltedReason };
        }
      }
    }
    this.verifiedCursor = true;

    while (Date.now() < deadline) {
      if (state.cursorBlock < tip.finalized) {
        const stored = await this.backfill(state, tip);
        outcome.events += stored.events;
        state = stored.state;
      } else if (state.cursorBlock < tip.head.number) {
        const step = await this.followHead(state, tip);
        if (step === 'reorg') {
          state = await this.rewind(state, tip);
          outcome.reorgs++;
          if (state.haltedReason !== null) {
            return { ...outcome, haltedReason: state.haltedReason };
          }
        } else {
          outcome.events += step.events;
          state = step.state;
        }
      } else {
        if (state.cursorBlock === tip.head.number && tip.head.hash !== state.cursorHash) {
          // Same height, another block: the fork replaced our tip.
          state = await this.rewind(state, tip);
          outcome.reorgs++;
          outcome.batches++;
          if (state.haltedReason !== null) {
            return { ...outcome, haltedReason: state.haltedReason };
          }
          continue;
        }
        // A head below the cursor alone is not a reorg (a lagging node behind a load
        // balancer): wait for the chain to pass the cursor and let the hashes decide.
        outcome.caughtUp = true;
        break;
      }
      outcome.batches++;
    }
    if (outcome.caughtUp) {
      await this.checkIn();
    }
    this.metrics.indexed.set(state.cursorBlock);
    this.metrics.lag.set(Math.max(0, tip.head.number - state.cursorBlock));
    return outcome;
  }

  async loadState(): Promise<SourceState> {
    const { chainId, address, deployBlock } = this.contract;
    await this.dataSource.query(
      `INSERT INTO indexer.sources (chain_id, address, deploy_block, cursor_block)
       VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [chainId, address, deployBlock, deployBlock - 1],
    );
    const [row] = await this.dataSource.query<
      {
        cursor_block: string;
        cursor_hash: string | null;
        safe_block: string | null;
        finalized_block: string | null;
        halted_reason: string | null;
      }[]
    >(
      `SELECT cursor_block, cursor_hash, safe_block, finalized_block, halted_reason
       FROM indexer.sources WHERE chain_id = $1 AND address = $2`,
      [chainId, address],
    );
    if (row === undefined) {
      throw new Error('indexer.sources row vanished');
    }
    const num = (value: string | null) => (value === null ? null : Number(value));
    return {
      cursorBlock: Number(row.cursor_block),
      cursorHash: row.cursor_hash,
      safeBlock: num(row.safe_block),
      finalizedBlock: num(row.finalized_block),
      haltedReason: row.halted_reason,
    };
  }

  /**
   * Records that the follower stands at the head (`caught_up_at`), also when no block arrived:
   * readers judge from its age whether the store is the chain's present. At most once a second,
   * and a no-op write otherwise, although syncs tick every INDEXER_POLL_MS.
   */
  private async checkIn(): Promise<void> {
    await this.dataSource.query(
      `UPDATE indexer.sources SET caught_up_at = now()
       WHERE chain_id = $1 AND address = $2 AND halted_reason IS NULL
         AND (caught_up_at IS NULL OR caught_up_at < now() - interval '1 second')`,
      [this.contract.chainId, this.contract.address],
    );
  }

  /** The head and the safe and finalized block numbers, in one round trip. */
  private async tip(): Promise<Tip> {
    if (this.config.finality === 'depth') {
      const raw = await this.rpc.call<RawHeader>('eth_getBlockByNumber', ['latest', false]);
      const head = toHeader(raw);
      return {
        head,
        safe: Math.max(-1, head.number - this.config.safeDepth),
        finalized: Math.max(-1, head.number - this.config.finalizedDepth),
      };
    }
    const [latest, safe, finalized] = (await this.rpc.batch([
      { method: 'eth_getBlockByNumber', params: ['latest', false] },
      { method: 'eth_getBlockByNumber', params: ['safe', false] },
      { method: 'eth_getBlockByNumber', params: ['finalized', false] },
    ])) as (RawHeader | null)[];
    if (latest === null || latest === undefined) {
      throw new RpcError('transient', 'eth_getBlockByNumber', 'no latest block');
    }
    const head = toHeader(latest);
    const finalizedNumber = finalized ? Number(finalized.number) : -1;
    return {
      head,
      safe: safe ? Number(safe.number) : finalizedNumber,
      finalized: finalizedNumber,
    };
  }

  private observeTip(tip: Tip): void {
    this.metrics.head.set(tip.head.number);
    this.metrics.safe.set(tip.safe);
    this.metrics.finalized.set(tip.finalized);
  }

  private async headers(numbers: readonly number[]): Promise<(BlockHeader | undefined)[]> {
    const raws = (await this.rpc.batch(
      numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [hex(n), false] })),
    )) as (RawHeader | null)[];
    return raws.map((raw) => (raw === null || raw === undefined ? undefined : toHeader(raw)));
  }

  /** One getLogs range of finalized blocks, committed as one batch. */
  private async backfill(
    state: SourceState,
    tip: Tip,
  ): Promise<{ state: SourceState; events: number }> {
    const from = state.cursorBlock + 1;
    let logs: RawLog[];
    let to: number;
    for (;;) {
      to = Math.min(from + this.range - 1, tip.finalized);
      try {
        logs = await this.rpc.call<RawLog[]>('eth_getLogs', [
          {
            address: this.contract.address,
            topics: [LENDING_TOPICS],
            fromBlock: hex(from),
            toBlock: hex(to),
          },
        ]);
        break;
      } catch (error) {
        if (!(error instanceof RpcError) || error.failure !== 'range' || to === from) {
          throw error;
        }
        // Honour the provider's suggestion when it gave one; halve otherwise.
        const next = Math.max(
          1,
          Math.min(error.suggestedRange ?? Infinity, Math.floor(this.range / 2)),
        );
        this.logger.warn(`getLogs ${from}-${to} too large (${error.message}); range ${next}`);
        this.range = next;
        this.metrics.range.set(this.range);
      }
    }
    // Grow on success, but keep batches to a size one transaction and one job handle well.
    this.range =
      logs.length > 20_000
        ? Math.max(1, Math.floor(this.range / 2))
        : Math.min(this.config.maxRange, this.range * 2);
    this.metrics.range.set(this.range);

    const needTimestamps = [
      ...new Set(
        logs
          .filter((log) => log.blockTimestamp === undefined)
          .map((log) => Number(log.blockNumber)),
      ),
    ].filter((n) => n !== to);
    const headers = await this.headers([...needTimestamps, to]);
    const end = headers.at(-1);
    if (end === undefined) {
      throw new RpcError('transient', 'eth_getBlockByNumber', `block ${to} is missing`);
    }
    const timestamps = new Map<number, number>();
    for (const header of headers) {
      if (header !== undefined) {
        timestamps.set(header.number, header.timestamp);
      }
    }
    const events = this.decode(logs, timestamps);
    const next = await this.commit(state, tip, {
      events,
      blocks: [end],
      cursor: end,
      fromBlock: from,
    });
    return { state: next, events: events.length };
  }

  /** Up to {@link REALTIME_STEP} blocks above finality, each checked against its parent's hash. */
  private async followHead(
    state: SourceState,
    tip: Tip,
  ): Promise<{ state: SourceState; events: number } | 'reorg'> {
    const from = state.cursorBlock + 1;
    const to = Math.min(tip.head.number, from + REALTIME_STEP - 1);
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i);
    const headers =
      numbers.length === 1 && to === tip.head.number ? [tip.head] : await this.headers(numbers);
    const chain: BlockHeader[] = [];
    let parent = state.cursorHash;
    for (const header of headers) {
      if (header === undefined) {
        break; // The node does not have it (yet): take what links up.
      }
      if (parent !== null && header.parentHash !== parent) {
        if (chain.length === 0) {
          return 'reorg';
        }
        break; // The chain moved while we read it: commit what links up, look again.
      }
      chain.push(header);
      parent = header.hash;
    }
    if (chain.length === 0) {
      return { state, events: 0 };
    }
    const logsPerBlock = (await this.rpc.batch(
      chain.map((header) => ({
        method: 'eth_getLogs',
        params: [
          { address: this.contract.address, topics: [LENDING_TOPICS], blockHash: header.hash },
        ],
      })),
    )) as RawLog[][];
    const timestamps = new Map(chain.map((header) => [header.number, header.timestamp]));
    const events = this.decode(logsPerBlock.flat(), timestamps);
    const next = await this.commit(state, tip, {
      events,
      blocks: chain,
      cursor: chain.at(-1) as BlockHeader,
      fromBlock: from,
    });
    return { state: next, events: events.length };
  }

  private decode(logs: readonly RawLog[], timestamps: Map<number, number>): StoredEvent[] {
    const events: StoredEvent[] = [];
    for (const log of logs) {
      if (log.removed === true || log.address.toLowerCase() !== this.contract.address) {
        continue;
      }
      const event = decodeLendingLog(log);
      if (event === undefined) {
        continue;
      }
      const timestamp =
        log.blockTimestamp !== undefined
          ? Number(log.blockTimestamp)
          : timestamps.get(event.blockNumber);
      if (timestamp === undefined) {
        throw new RpcError(
          'transient',
          'eth_getBlockByNumber',
          `no timestamp for block ${event.blockNumber}`,
        );
      }
      events.push({ ...event, blockTimestamp: timestamp });
    }
    return events;
  }

  /** Events, block hashes, the cursor and the outbox row: one transaction, fenced. */
  private async commit(
    state: SourceState,
    tip: Tip,
    batch: { events: StoredEvent[]; blocks: BlockHeader[]; cursor: BlockHeader; fromBlock: number },
  ): Promise<SourceState> {
    const { chainId, address } = this.contract;
    const safe = Math.min(tip.safe, batch.cursor.number);
    const finalized = Math.min(tip.finalized, batch.cursor.number);
    await this.transaction(async (runner) => {
      await this.fence(runner, state);
      const { events } = batch;
      await writeEvents(runner, chainId, address, events);
      await runner.query(
        `INSERT INTO indexer.blocks (chain_id, address, number, hash, parent_hash, timestamp)
         SELECT $1, $2, * FROM unnest($3::bigint[], $4::text[], $5::text[], $6::bigint[])
         ON CONFLICT (chain_id, address, number) DO UPDATE
           SET hash = EXCLUDED.hash, parent_hash = EXCLUDED.parent_hash, timestamp = EXCLUDED.timestamp`,
        [
          chainId,
          address,
          batch.blocks.map((b) => b.number),
          batch.blocks.map((b) => b.hash),
          batch.blocks.map((b) => b.parentHash),
          batch.blocks.map((b) => b.timestamp),
        ],
      );
      // The window keeps the finalized block itself: it is the deepest ancestor a reorg may have.
      await runner.query(
        `DELETE FROM indexer.blocks WHERE chain_id = $1 AND address = $2 AND number < $3`,
        [chainId, address, Math.min(finalized, batch.cursor.number)],
      );
      await this.moveCursor(runner, state, batch.cursor.number, batch.cursor.hash, tip);
      const loanIds = [...new Set(events.map((e) => e.loanId))];
      const finalityMoved = safe !== state.safeBlock || finalized !== state.finalizedBlock;
      if (loanIds.length > 0 || finalityMoved) {
        await runner.query(
          `INSERT INTO indexer.outbox
             (chain_id, address, from_block, to_block, loan_ids, safe_block, finalized_block)
           VALUES ($1, $2, $3, $4, $5::numeric[], $6, $7)`,
          [chainId, address, batch.fromBlock, batch.cursor.number, loanIds, safe, finalized],
        );
      }
    });
    this.metrics.events.inc(batch.events.length);
    this.metrics.indexed.set(batch.cursor.number);
    return {
      ...state,
      cursorBlock: batch.cursor.number,
      cursorHash: batch.cursor.hash,
      safeBlock: safe,
      finalizedBlock: finalized,
    };
  }

  /**
   * Walks back from the cursor to the newest stored block the chain still has, marks every event
   * above it removed and announces the loans they touched. Halts when that ancestor would lie
   * below the finalized block we stored: finality was violated, and a person must look.
   */
  private async rewind(state: SourceState, tip: Tip): Promise<SourceState> {
    const { chainId, address } = this.contract;
    const stored = await this.dataSource.query<{ number: string; hash: string }[]>(
      `SELECT number, hash FROM indexer.blocks
       WHERE chain_id = $1 AND address = $2 AND number <= $3 ORDER BY number DESC`,
      [chainId, address, state.cursorBlock],
    );
    const candidates = stored
      .map((row) => ({ number: Number(row.number), hash: row.hash }))
      .filter((block) => block.number <= tip.head.number);
    const onChain = await this.headers(candidates.map((block) => block.number));
    const ancestor = candidates.find((block, i) => onChain[i]?.hash === block.hash);
    const floor = state.finalizedBlock ?? -1;
    if (ancestor === undefined || ancestor.number < floor) {
      const reason =
        `reorg deeper than finality at block ${state.cursorBlock}: no stored block from ` +
        `${candidates.at(-1)?.number ?? state.cursorBlock} up matches the chain (finalized ${floor})`;
      await this.transaction(async (runner) => {
        await this.fence(runner, state);
        await runner.query(
          `UPDATE indexer.sources SET halted_reason = $3, updated_at = now()
           WHERE chain_id = $1 AND address = $2`,
          [chainId, address, reason],
        );
      });
      this.logger.error(`HALTED: ${reason}. Events after it are left as they were.`);
      this.metrics.halted.set(1);
      return { ...state, haltedReason: reason };
    }
    const depth = state.cursorBlock - ancestor.number;
    await this.transaction(async (runner) => {
      await this.fence(runner, state);
      const removed = (await runner.query(
        `UPDATE indexer.chain_events SET removed = true
         WHERE chain_id = $1 AND address = $2 AND block_number > $3 AND NOT removed
         RETURNING loan_id::text`,
        [chainId, address, ancestor.number],
      )) as [{ loan_id: string }[], number];
      await runner.query(
        `DELETE FROM indexer.blocks WHERE chain_id = $1 AND address = $2 AND number > $3`,
        [chainId, address, ancestor.number],
      );
      await this.moveCursor(runner, state, ancestor.number, ancestor.hash, tip, true);
      const loanIds = [...new Set(removed[0].map((row) => row.loan_id))];
      await runner.query(
        `INSERT INTO indexer.outbox
           (chain_id, address, from_block, to_block, loan_ids, safe_block, finalized_block)
         VALUES ($1, $2, $3, $4, $5::numeric[], $6, $7)`,
        [
          chainId,
          address,
          ancestor.number + 1,
          state.cursorBlock,
          loanIds,
          Math.min(state.safeBlock ?? -1, ancestor.number),
          Math.min(state.finalizedBlock ?? -1, ancestor.number),
        ],
      );
    });
    this.logger.warn(
      `reorg: ${depth} block(s) undone above ${ancestor.number} (${ancestor.hash.slice(0, 10)}…)`,
    );
    this.metrics.reorgs.inc();
    this.metrics.lastReorgDepth.set(depth);
    return {
      ...state,
      cursorBlock: ancestor.number,
      cursorHash: ancestor.hash,
      safeBlock: Math.min(state.safeBlock ?? -1, ancestor.number),
      finalizedBlock: Math.min(state.finalizedBlock ?? -1, ancestor.number),
    };
  }

  /** One writer per contract: an advisory lock held until commit. */
  private async fence(runner: QueryRunner, state: SourceState): Promise<void> {
    await runner.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [this.lockKey]);
    const [row] = (await runner.query(
      `SELECT cursor_block, cursor_hash FROM indexer.sources WHERE chain_id = $1 AND address = $2`,
      [this.contract.chainId, this.contract.address],
    )) as { cursor_block: string; cursor_hash: string | null }[];
    if (Number(row?.cursor_block) !== state.cursorBlock || row?.cursor_hash !== state.cursorHash) {
      throw new FencedOut();
    }
  }

  /** Advances (or rewinds) the cursor only from the block and hash this batch started at. */
  private async moveCursor(
    runner: QueryRunner,
    state: SourceState,
    block: number,
    hash: string,
    tip: Tip,
    reorg = false,
  ): Promise<void> {
    const [, updated] = (await runner.query(
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
        block,
        hash,
        tip.head.number,
        reorg ? Math.min(state.safeBlock ?? -1, tip.safe) : tip.safe,
        reorg ? Math.min(state.finalizedBlock ?? -1, tip.finalized) : tip.finalized,
        reorg ? 1 : 0,
      ],
    )) as [unknown, number];
    if (updated !== 1) {
      throw new FencedOut();
    }
  }

  private transaction(work: (runner: QueryRunner) => Promise<void>): Promise<void> {
    return this.dataSource.transaction((manager) => work(manager.queryRunner as QueryRunner));
  }
}
