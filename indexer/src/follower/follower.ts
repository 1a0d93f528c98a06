import type { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';

import { RpcError, type RpcClient } from '../chain/rpc-client';
import type { IndexerMetrics } from '../metrics/indexer-metrics';
import {
  blockLogsCall,
  getLogsCall,
  headerCall,
  piecesOf,
  type RawHeader,
  type Tip,
  tipCalls,
  tipOf,
  toHeader,
} from './chain-reads';
import { eachEvent, type EncodedEvents, EventBatch, isEncoded, type RawLog } from './event-rows';
import {
  type BlockHeader,
  type FollowedContract,
  FollowerStore,
  type SourceState,
  type StoredEvent,
} from './follower.store';
import type { LogDecoder } from './log-decoder';

export { FencedOut, type FollowedContract, type SourceState } from './follower.store';

export interface FollowerConfig {
  finality: 'tags' | 'depth';
  safeDepth: number;
  finalizedDepth: number;
  initialRange: number;
  maxRange: number;
  /** Sub-ranges a backfill range is fetched in, all at once, each committed as it arrives. */
  backfillPieces: number;
}

/** Blocks fetched per realtime step (headers and logs by hash, one batch each). */
const REALTIME_STEP = 50;

/**
 * How long a head's prefetched answers wait for its sync (Follower.prefetchHead): the sync
 * normally takes them within milliseconds; a tip older than this is better asked for again.
 */
const PREFETCH_KEEP_MS = 1_000;

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

/** What the next step of a sync is, judged from the cursor and the chain's tip. */
type Step = 'backfill' | 'follow-head' | 'reorg' | 'caught-up';

/** The blocks a step fetched, ready to commit: blocks `fromBlock` to the last of `blocks`. */
interface Fetched {
  fromBlock: number;
  events: EventBatch;
  /** The blocks whose hashes are kept; the last is the new cursor. None: nothing to commit. */
  blocks: BlockHeader[];
  /**
   * More pieces of the same backfill range follow: its outbox row waits for theirs, so that the
   * relay sends them as one job and the API folds each loan of the range once.
   */
  morePieces?: boolean;
}

/** One sub-range of a backfill range, requested with the others and taken in order. */
interface Piece {
  from: number;
  to: number;
  fetched: Promise<Fetched>;
}

/** The state once `blocks` (the last is the new cursor) are committed; the same with none. */
function advance(state: SourceState, tip: Tip, blocks: readonly BlockHeader[]): SourceState {
  const cursor = blocks.at(-1);
  if (cursor === undefined) {
    return state;
  }
  return {
    ...state,
    cursorBlock: cursor.number,
    cursorHash: cursor.hash,
    safeBlock: Math.min(tip.safe, cursor.number),
    finalizedBlock: Math.min(tip.finalized, cursor.number),
  };
}

/**
 * Follows one contract's events into the event store (DESIGN.md §5). The database orders the
 * work: each step reads the cursor, fetches the next blocks, and commits events, block hashes,
 * the cursor and an outbox row in one transaction ({@link FollowerStore}), fenced by an advisory
 * lock and a compare-and-set on the cursor's hash.
 *
 * Below the finalized block it backfills with getLogs over adaptive ranges (no reorg can touch
 * those blocks). Above it, it walks block by block: each header's parent hash must be the hash
 * it stored for the block before, and logs are fetched by block hash, so a step never mixes two
 * forks. A backfill's last range commits together with the blocks above it, walked so, when they
 * fit one realtime step. A mismatch walks back to the common ancestor and marks the orphaned
 * events removed; an ancestor below finality halts the follower (it never continues silently).
 */
export class Follower {
  private range: number;
  private verifiedCursor = false;
  private readonly store: FollowerStore;
  /** The backfill range under way: its pieces not yet taken, oldest first. */
  private pieces: Piece[] = [];
  /** Events of the range under way so far, to size the next range by. */
  private rangeEvents = 0;
  /** Outbox rows committed and not yet handed to `onAnnounced` (pieces of one range). */
  private held = false;
  /** The unfinalized blocks above the range under way, fetched beside its pieces. */
  private tail: { from: number; fetched: Promise<Fetched | 'reorg'> } | undefined;

  constructor(
    private readonly contract: FollowedContract,
    private readonly config: FollowerConfig,
    dataSource: DataSource,
    private readonly rpc: RpcClient,
    private readonly metrics: IndexerMetrics,
    private readonly logger: Pick<Logger, 'log' | 'warn' | 'error'>,
    /**
     * Told after a commit that wrote an outbox row, so the row is relayed while the next batch is
     * fetched: the API folds one range as the indexer writes the next. Within a range, once its
     * last piece is committed: the relay sends the range's rows as one job, so each loan is folded
     * once per range, not once per piece (a loan's request, funding and repayment often fall in
     * different pieces).
     */
    private readonly onAnnounced: () => void = () => undefined,
    /**
     * Decodes a backfill's logs on a thread of its own (see LogDecoder); without one, this
     * thread decodes them.
     */
    private readonly logs?: LogDecoder,
  ) {
    this.range = config.initialRange;
    this.store = new FollowerStore(contract, dataSource);
  }

  /**
   * Asks for what the sync that a new head starts will ask for first: the tip and, when the head's
   * hash is known, its block's logs, both exactly as {@link sync} asks (RpcClient.preload). The
   * head's sync waits for a hop through the queue first; the node answers during it instead of
   * after. These are the same reads, only sent sooner: the follower still checks each header
   * against its parent, and a step that asks for anything else (two blocks, another hash)
   * misses and asks itself. Left untaken (another replica's worker ran the head's sync), the
   * answers are dropped after {@link PREFETCH_KEEP_MS}; a sync that takes a tip from then reads
   * an older tip than it would have, which a lagging node gives it anyway.
   */
  prefetchHead(hash: string | undefined): void {
    this.rpc.preload(tipCalls(this.config), PREFETCH_KEEP_MS);
    if (hash !== undefined) {
      this.rpc.preload([blockLogsCall(this.contract.address, hash)], PREFETCH_KEEP_MS);
    }
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
    // The chain's tip is asked for while the store is read: one wait for both.
    const tipping = this.tip();
    let state: SourceState;
    try {
      state = await this.store.load();
    } catch (error) {
      tipping.catch(() => undefined);
      throw error;
    }
    if (state.haltedReason !== null) {
      tipping.catch(() => undefined);
      this.metrics.halted.set(1);
      return { ...outcome, haltedReason: state.haltedReason };
    }
    // Cleared by `npm run indexer:resume` while this process ran.
    this.metrics.halted.set(0);
    const tip = await tipping;
    this.observeTip(tip);
    try {
      return await this.steps(state, tip, outcome, deadline);
    } finally {
      // Rows held for the rest of their range go out however the sync ends (caught up, out of
      // time, or failing on the next piece): what is committed is always relayed.
      if (this.held) {
        this.held = false;
        this.onAnnounced();
      }
    }
  }

  /** The sync's steps, from `state` (the cursor as loaded) on. */
  private async steps(
    state: SourceState,
    tip: Tip,
    outcome: SyncOutcome,
    deadline: number,
  ): Promise<SyncOutcome> {
    // On start, the block we stopped at may have been reorganised while we were away.
    let reorg = !this.verifiedCursor && (await this.cursorReplaced(state, tip));
    // The next step's blocks, fetched while this step commits: the node answers the next
    // getLogs while Postgres writes these events. Dropped if the commit fails.
    let ahead: Promise<Fetched | 'reorg'> | undefined;
    for (;;) {
      if (reorg) {
        ahead = undefined;
        state = await this.rewind(state, tip);
        outcome.reorgs++;
        outcome.batches++;
        if (state.haltedReason !== null) {
          return { ...outcome, haltedReason: state.haltedReason };
        }
        reorg = false;
      }
      this.verifiedCursor = true;
      if (Date.now() >= deadline) {
        break;
      }
      const step = this.nextStep(state, tip);
      if (step === 'caught-up') {
        outcome.caughtUp = true;
        break;
      }
      let fetched = step === 'reorg' ? step : await (ahead ?? this.fetchStep(step, state, tip));
      ahead = undefined;
      if (fetched === 'reorg') {
        reorg = true;
        continue;
      }
      const after = advance(state, tip, fetched.blocks);
      const following = this.nextStep(after, tip);
      const inTime = Date.now() < deadline;
      const tail =
        inTime && step === 'backfill' && following === 'follow-head'
          ? this.tailAbove(after, tip)
          : undefined;
      if (tail !== undefined) {
        // The last range of a backfill, and the unfinalized blocks above it when they fit one
        // realtime step, are relayed as one job: the API folds the loans of both once, not once
        // each (a backfill's newest loans have events on both sides of the finalized block).
        // Committed one after the other, the range's rows go in while the tail is decoded.
        fetched = { ...fetched, morePieces: true };
      }
      if (inTime && (following === 'backfill' || following === 'follow-head')) {
        ahead = tail ?? this.fetchStep(following, after, tip);
        // Awaited on the next turn, or dropped with its error if this commit fails.
        ahead.catch(() => undefined);
      }
      if (fetched.blocks.length > 0) {
        await this.commit(state, tip, fetched, after);
      }
      outcome.events += fetched.events.count;
      outcome.batches++;
      state = after;
    }
    if (outcome.caughtUp) {
      await this.store.checkIn();
    }
    this.metrics.indexed.set(state.cursorBlock);
    this.metrics.lag.set(Math.max(0, tip.head.number - state.cursorBlock));
    return outcome;
  }

  private fetchStep(
    step: 'backfill' | 'follow-head',
    state: SourceState,
    tip: Tip,
  ): Promise<Fetched | 'reorg'> {
    return step === 'backfill' ? this.backfill(state, tip) : this.followHead(state, tip);
  }

  /**
   * The unfinalized blocks above a backfill's last range, up to the head, when they fit one
   * realtime step (else undefined): fetched as the realtime path fetches them (each checked
   * against its parent's hash, logs by block hash), taken from the fetch made beside the range's
   * pieces (planRange) when it links to the range's last block. One that does not, or that
   * failed, is fetched again as the next realtime step, which meets what stopped it (a reorg, an
   * RPC error) the usual way.
   */
  private tailAbove(after: SourceState, tip: Tip): Promise<Fetched | 'reorg'> | undefined {
    if (tip.head.number - after.cursorBlock > REALTIME_STEP) {
      return undefined;
    }
    const prefetched = this.tail?.from === after.cursorBlock + 1 ? this.tail.fetched : undefined;
    this.tail = undefined;
    if (prefetched === undefined) {
      return this.followHead(after, tip);
    }
    return prefetched.then(
      (tail) =>
        tail !== 'reorg' &&
        // Fetched beside the range, before its last block's hash was known: it must link to it.
        (tail.blocks.length === 0 || tail.blocks[0]?.parentHash === after.cursorHash)
          ? tail
          : this.followHead(after, tip),
      () => this.followHead(after, tip),
    );
  }

  /** Whether the cursor's block is no longer the chain's block at that height. */
  private async cursorReplaced(state: SourceState, tip: Tip): Promise<boolean> {
    if (state.cursorHash === null || state.cursorBlock > tip.head.number) {
      return false;
    }
    const [header] = await this.headers([state.cursorBlock]);
    return header?.hash !== state.cursorHash;
  }

  private nextStep(state: SourceState, tip: Tip): Step {
    if (state.cursorBlock < tip.finalized) {
      return 'backfill';
    }
    if (state.cursorBlock < tip.head.number) {
      return 'follow-head';
    }
    if (state.cursorBlock === tip.head.number && tip.head.hash !== state.cursorHash) {
      // Same height, another block: the fork replaced our tip.
      return 'reorg';
    }
    // A head below the cursor alone is not a reorg (a lagging node behind a load balancer): wait
    // for the chain to pass the cursor and let the hashes decide.
    return 'caught-up';
  }

  /** The head and the safe and finalized block numbers, in one round trip. */
  private async tip(): Promise<Tip> {
    return tipOf(this.config, await this.rpc.batch(tipCalls(this.config)));
  }

  private observeTip(tip: Tip): void {
    this.metrics.head.set(tip.head.number);
    this.metrics.safe.set(tip.safe);
    this.metrics.finalized.set(tip.finalized);
  }

  private async headers(numbers: readonly number[]): Promise<(BlockHeader | undefined)[]> {
    const raws = (await this.rpc.batch(numbers.map(headerCall))) as (RawHeader | null)[];
    return raws.map((raw) => (raw === null || raw === undefined ? undefined : toHeader(raw)));
  }

  /**
   * The next piece of a range of finalized blocks, to commit as one batch. A range is asked for as
   * up to `backfillPieces` getLogs of consecutive sub-ranges at once; the node answers them one
   * after another, and each is committed while the next is still on its way, so the node,
   * this process and Postgres work side by side instead of in turn. A range the provider refuses
   * (too many blocks or logs) is asked for again, whole, at half the size or at its suggestion.
   */
  private async backfill(state: SourceState, tip: Tip): Promise<Fetched> {
    const from = state.cursorBlock + 1;
    for (;;) {
      if (this.pieces[0]?.from !== from) {
        // A new range, or the cursor moved other than by our pieces (a rewind, another writer).
        this.planRange(from, tip);
      }
      const piece = this.pieces.shift() as Piece;
      try {
        const fetched = await piece.fetched;
        this.rangeEvents += fetched.events.count;
        if (!fetched.morePieces) {
          this.sizeNextRange(this.rangeEvents);
        }
        return fetched;
      } catch (error) {
        this.pieces = [];
        if (!(error instanceof RpcError) || error.failure !== 'range' || piece.to === piece.from) {
          throw error;
        }
        // Honour the provider's suggestion when it gave one (for a piece: for the whole range,
        // that many blocks per piece); halve otherwise.
        const suggested =
          error.suggestedRange === undefined
            ? Infinity
            : error.suggestedRange * this.config.backfillPieces;
        const next = Math.max(1, Math.min(suggested, Math.floor(this.range / 2)));
        this.logger.warn(
          `getLogs ${piece.from}-${piece.to} too large (${error.message}); range ${next}`,
        );
        this.range = next;
        this.metrics.range.set(this.range);
      }
    }
  }

  /** Requests every piece of the range starting at `from` (dropping any other range's). */
  private planRange(from: number, tip: Tip): void {
    const pieces = piecesOf(from, this.range, tip, this.config.backfillPieces);
    const to = (pieces.at(-1) as { to: number }).to;
    this.pieces = [];
    this.rangeEvents = 0;
    this.tail = undefined;
    // Each answer is parsed once the one before it is decoded (RpcClient.call): a later piece's
    // answer that comes first waits instead of going ahead of the first, which is ready to commit
    // as soon as it has come.
    let previous: Promise<unknown> | undefined;
    for (const [i, piece] of pieces.entries()) {
      const fetched = this.fetchRange(piece.from, piece.to, i < pieces.length - 1, previous);
      // Each is awaited in its turn, or dropped with its error with the range.
      fetched.catch(() => undefined);
      this.pieces.push({ ...piece, fetched });
      previous = fetched;
    }
    if (to === tip.finalized && tip.head.number > to && tip.head.number - to <= REALTIME_STEP) {
      // The blocks above the range, committed after its last piece (see tailAbove), fetched now
      // rather than after it (linked to the range's last block once that is known), and parsed
      // after the pieces.
      const fetched = this.blocksAbove(to + 1, null, tip, {
        parseAfter: previous,
        offThread: true,
      });
      fetched.catch(() => undefined);
      this.tail = { from: to + 1, fetched };
    }
  }

  /** Grows the range on success, but keeps a range to what one job handles well. */
  private sizeNextRange(events: number): void {
    this.range =
      events > 20_000
        ? Math.max(1, Math.floor(this.range / 2))
        : Math.min(this.config.maxRange, this.range * 2);
    this.metrics.range.set(this.range);
  }

  /**
   * The logs of finalized blocks `from` to `to`, decoded, with block `to` as the cursor; the
   * logs' answer is parsed once `parseAfter` has settled.
   */
  private async fetchRange(
    from: number,
    to: number,
    morePieces: boolean,
    parseAfter?: Promise<unknown>,
  ): Promise<Fetched> {
    // The last block's header (the new cursor) is asked for beside the logs.
    const logsCall = getLogsCall(this.contract.address, from, to);
    const [logs, [end]] = await Promise.all([
      this.rpc.call<RawLog[] | EncodedEvents>(logsCall.method, logsCall.params, {
        parseAfter,
        read: this.logs?.reader(logsCall.method),
      }),
      this.headers([to]),
    ]);
    if (end === undefined) {
      throw new RpcError('transient', 'eth_getBlockByNumber', `block ${to} is missing`);
    }
    if (isEncoded(logs)) {
      return { fromBlock: from, events: EventBatch.encoded(logs), blocks: [end], morePieces };
    }
    // Blocks whose logs came without `blockTimestamp` (older nodes): their headers too.
    const needTimestamps = [
      ...new Set(
        logs
          .filter((log) => log.blockTimestamp === undefined)
          .map((log) => Number(log.blockNumber)),
      ),
    ].filter((n) => n !== to);
    const headers = needTimestamps.length > 0 ? await this.headers(needTimestamps) : [];
    const timestamps = new Map<number, number>([[end.number, end.timestamp]]);
    for (const header of headers) {
      if (header !== undefined) {
        timestamps.set(header.number, header.timestamp);
      }
    }
    return {
      fromBlock: from,
      events: EventBatch.of(this.decode(logs, timestamps)),
      blocks: [end],
      morePieces,
    };
  }

  /** Up to {@link REALTIME_STEP} blocks above finality, each checked against its parent's hash. */
  private followHead(state: SourceState, tip: Tip): Promise<Fetched | 'reorg'> {
    return this.blocksAbove(state.cursorBlock + 1, state.cursorHash, tip);
  }

  /**
   * Blocks from `from` up, each linked to the one before it, the first to `parentHash` (unless
   * null: the caller checks that link), with their logs by block hash, parsed once `parseAfter`
   * has settled. A backfill's tail may hold thousands of events and goes to the log decoder
   * (`offThread`); a realtime block's few are decoded here, sparing them the trip between threads.
   */
  private async blocksAbove(
    from: number,
    parentHash: string | null,
    tip: Tip,
    { parseAfter, offThread = false }: { parseAfter?: Promise<unknown>; offThread?: boolean } = {},
  ): Promise<Fetched | 'reorg'> {
    const to = Math.min(tip.head.number, from + REALTIME_STEP - 1);
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i);
    const headers =
      numbers.length === 1 && to === tip.head.number ? [tip.head] : await this.headers(numbers);
    const chain: BlockHeader[] = [];
    let parent = parentHash;
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
      return { fromBlock: from, events: EventBatch.empty, blocks: [] };
    }
    const timestamps = new Map(chain.map((header) => [header.number, header.timestamp]));
    const calls = chain.map((header) => blockLogsCall(this.contract.address, header.hash));
    const perBlock = (await this.rpc.batch(calls, {
      parseAfter,
      read: offThread ? this.logs?.reader('batch', timestamps) : undefined,
    })) as (RawLog[] | EncodedEvents)[];
    const events = perBlock.reduce<EventBatch>(
      (batch, logs) =>
        batch.concat(
          isEncoded(logs) ? EventBatch.encoded(logs) : EventBatch.of(this.decode(logs, timestamps)),
        ),
      EventBatch.empty,
    );
    return { fromBlock: from, events, blocks: chain };
  }

  private decode(logs: readonly RawLog[], timestamps: Map<number, number>): StoredEvent[] {
    const events: StoredEvent[] = [];
    const missing = eachEvent(logs, this.contract.address, timestamps, (event, blockTimestamp) => {
      events.push({ ...event, blockTimestamp });
    });
    if (missing !== undefined) {
      throw new RpcError('transient', 'eth_getBlockByNumber', `no timestamp for block ${missing}`);
    }
    return events;
  }

  /**
   * Commits a fetched step: its events, the blocks' hashes, the cursor moved to `after`, and an
   * outbox row when loans changed or blocks settled.
   */
  private async commit(
    state: SourceState,
    tip: Tip,
    { fromBlock, events, blocks, morePieces }: Fetched,
    after: SourceState,
  ): Promise<void> {
    const cursor = blocks.at(-1) as BlockHeader;
    const safe = after.safeBlock ?? -1;
    const finalized = after.finalizedBlock ?? -1;
    const loanIds = events.loanIds();
    const finalityMoved = safe !== state.safeBlock || finalized !== state.finalizedBlock;
    await this.store.commit(state, {
      events,
      blocks,
      // The window keeps the finalized block itself: it is the deepest ancestor a reorg may have.
      windowFrom: finalized,
      cursor: {
        block: cursor.number,
        hash: cursor.hash,
        headBlock: tip.head.number,
        safeBlock: tip.safe,
        finalizedBlock: tip.finalized,
        reorg: false,
      },
      announcement:
        loanIds.length > 0 || finalityMoved
          ? {
              fromBlock,
              toBlock: cursor.number,
              loanIds,
              safeBlock: safe,
              finalizedBlock: finalized,
            }
          : null,
    });
    this.metrics.events.inc(events.count);
    this.metrics.indexed.set(cursor.number);
    if (loanIds.length > 0 || finalityMoved) {
      this.held = true;
    }
    if (this.held && morePieces !== true) {
      this.held = false;
      this.onAnnounced();
    }
  }

  /**
   * Walks back from the cursor to the newest stored block the chain still has, marks every event
   * above it removed and announces the loans they touched. Halts when that ancestor would lie
   * below the finalized block we stored: finality was violated, and a person must look.
   */
  private async rewind(state: SourceState, tip: Tip): Promise<SourceState> {
    const candidates = (await this.store.storedBlocks(state.cursorBlock)).filter(
      (block) => block.number <= tip.head.number,
    );
    const onChain = await this.headers(candidates.map((block) => block.number));
    const ancestor = candidates.find((block, i) => onChain[i]?.hash === block.hash);
    const floor = state.finalizedBlock ?? -1;
    if (ancestor === undefined || ancestor.number < floor) {
      const reason =
        `reorg deeper than finality at block ${state.cursorBlock}: no stored block from ` +
        `${candidates.at(-1)?.number ?? state.cursorBlock} up matches the chain (finalized ${floor})`;
      await this.store.halt(state, reason);
      this.logger.error(`HALTED: ${reason}. Events after it are left as they were.`);
      this.metrics.halted.set(1);
      return { ...state, haltedReason: reason };
    }
    const depth = state.cursorBlock - ancestor.number;
    const safe = Math.min(state.safeBlock ?? -1, ancestor.number);
    const finalized = Math.min(state.finalizedBlock ?? -1, ancestor.number);
    await this.store.rewind(
      state,
      {
        block: ancestor.number,
        hash: ancestor.hash,
        headBlock: tip.head.number,
        safeBlock: Math.min(state.safeBlock ?? -1, tip.safe),
        finalizedBlock: Math.min(state.finalizedBlock ?? -1, tip.finalized),
        reorg: true,
      },
      {
        fromBlock: ancestor.number + 1,
        toBlock: state.cursorBlock,
        safeBlock: safe,
        finalizedBlock: finalized,
      },
    );
    this.logger.warn(
      `reorg: ${depth} block(s) undone above ${ancestor.number} (${ancestor.hash.slice(0, 10)}…)`,
    );
    this.metrics.reorgs.inc();
    this.metrics.lastReorgDepth.set(depth);
    return {
      ...state,
      cursorBlock: ancestor.number,
      cursorHash: ancestor.hash,
      safeBlock: safe,
      finalizedBlock: finalized,
    };
  }
}
