import { decodeLendingLog, type LendingEvent, type LendingLog } from '@lendpath/contracts';

import type { StoredEvent } from './follower.store';

/**
 * A batch's events on their way into `indexer.chain_events`, in the one row format both threads
 * write: the follower's, for a realtime block's few events, and the log worker's
 * (`log-worker.ts`), which decodes a backfill's getLogs answers into COPY rows off the main
 * thread. It imports nothing heavier than the decoder, since the worker loads it.
 */

/** A log as eth_getLogs answers it. */
export interface RawLog extends LendingLog {
  address: string;
  blockNumber: string;
  blockTimestamp?: string;
  removed?: boolean;
}

/**
 * Decodes the logs of the contract at `address` (lower case) in order, handing each event and its
 * block's timestamp to `each`; a log without `blockTimestamp` takes its block's from `timestamps`.
 * Answers the first block whose timestamp neither has (and stops there), else undefined.
 */
export function eachEvent(
  logs: readonly RawLog[],
  address: string,
  timestamps: ReadonlyMap<number, number>,
  each: (event: LendingEvent, blockTimestamp: number) => void,
): number | undefined {
  for (const log of logs) {
    if (log.removed === true || log.address.toLowerCase() !== address) {
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
      return event.blockNumber;
    }
    each(event, timestamp);
  }
  return undefined;
}

/** The event store's columns, in the order of a row. */
export const EVENT_COLUMNS =
  'chain_id, address, block_number, block_hash, block_timestamp, log_index, tx_hash, name, loan_id, args';

/** COPY's text format: backslash, tab, newline and carriage return are the only specials. */
const field = (value: string) =>
  /[\\\t\n\r]/.test(value)
    ? value.replace(
        /[\\\t\n\r]/g,
        (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c] ?? c,
      )
    : value;

/** The first two fields of every row of one contract's events. */
export const rowPrefix = (chainId: number, address: string) => `${chainId}\t${field(address)}\t`;

/** One event as a row of COPY's text format (newline included), after its {@link rowPrefix}. */
export const eventRow = (prefix: string, e: LendingEvent, blockTimestamp: number) =>
  `${prefix}${e.blockNumber}\t${field(e.blockHash)}\t${blockTimestamp}\t${e.logIndex}\t` +
  `${field(e.txHash)}\t${e.name}\t${e.loanId}\t${field(JSON.stringify(e.args))}\n`;

/** Events already encoded as rows, with what the follower needs to know of them. */
export interface EncodedEvents {
  rows: string;
  count: number;
  /** Distinct, in order of first appearance. */
  loanIds: string[];
  /** Distinct. */
  blockHashes: string[];
}

/** Encodes the contract's events among `logs`; undefined when a block's timestamp is missing. */
export function encodeEvents(
  logs: readonly RawLog[],
  chainId: number,
  address: string,
  timestamps: ReadonlyMap<number, number>,
): EncodedEvents | undefined {
  const prefix = rowPrefix(chainId, address);
  const rows: string[] = [];
  const loanIds = new Set<string>();
  const blockHashes = new Set<string>();
  const missing = eachEvent(logs, address, timestamps, (event, blockTimestamp) => {
    rows.push(eventRow(prefix, event, blockTimestamp));
    loanIds.add(event.loanId);
    blockHashes.add(event.blockHash);
  });
  return missing === undefined
    ? {
        rows: rows.join(''),
        count: rows.length,
        loanIds: [...loanIds],
        blockHashes: [...blockHashes],
      }
    : undefined;
}

/** Whether an answer is {@link EncodedEvents} (a worker's) rather than the node's raw logs. */
export const isEncoded = (value: unknown): value is EncodedEvents =>
  typeof value === 'object' && value !== null && typeof (value as EncodedEvents).rows === 'string';

/**
 * A batch's events: decoded ones, rows a worker encoded, or both, in chain order. The follower
 * counts them and names their loans; the store writes them (`writeEvents`).
 */
export class EventBatch {
  static readonly empty = new EventBatch([]);

  private constructor(
    private readonly parts: readonly (readonly StoredEvent[] | EncodedEvents)[],
  ) {}

  static of(events: readonly StoredEvent[]): EventBatch {
    return new EventBatch([events]);
  }

  static encoded(events: EncodedEvents): EventBatch {
    return new EventBatch([events]);
  }

  concat(other: EventBatch): EventBatch {
    return new EventBatch([...this.parts, ...other.parts]);
  }

  get count(): number {
    return this.parts.reduce((n, part) => n + (isEncoded(part) ? part.count : part.length), 0);
  }

  /** The loans the events touch, distinct. */
  loanIds(): string[] {
    return this.distinct(
      (e) => e.loanId,
      (part) => part.loanIds,
    );
  }

  /** The blocks the events are in, distinct. */
  blockHashes(): string[] {
    return this.distinct(
      (e) => e.blockHash,
      (part) => part.blockHashes,
    );
  }

  /** The events as objects, when none came encoded (the store's INSERT takes them so). */
  decoded(): readonly StoredEvent[] | undefined {
    const events: StoredEvent[] = [];
    for (const part of this.parts) {
      if (isEncoded(part)) {
        return undefined;
      }
      events.push(...part);
    }
    return events;
  }

  /**
   * Every event as a row of COPY's text format: decoded events in chunks of about a megabyte,
   * encoded ones as they came.
   */
  *rows(chainId: number, address: string): Generator<string> {
    const prefix = rowPrefix(chainId, address);
    let chunk = '';
    for (const part of this.parts) {
      if (isEncoded(part)) {
        if (chunk.length > 0) {
          yield chunk;
          chunk = '';
        }
        yield part.rows;
        continue;
      }
      for (const event of part) {
        chunk += eventRow(prefix, event, event.blockTimestamp);
        if (chunk.length > 1 << 20) {
          yield chunk;
          chunk = '';
        }
      }
    }
    if (chunk.length > 0) {
      yield chunk;
    }
  }

  private distinct(
    ofEvent: (event: StoredEvent) => string,
    ofEncoded: (part: EncodedEvents) => readonly string[],
  ): string[] {
    const seen = new Set<string>();
    for (const part of this.parts) {
      for (const value of isEncoded(part) ? ofEncoded(part) : part.map(ofEvent)) {
        seen.add(value);
      }
    }
    return [...seen];
  }
}
