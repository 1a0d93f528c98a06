import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { QueryRunner } from 'typeorm';

import type { LendingEvent } from '../chain/lending-events';

export interface StoredEvent extends LendingEvent {
  blockTimestamp: number;
}

const COLUMNS =
  'chain_id, address, block_number, block_hash, block_timestamp, log_index, tx_hash, name, loan_id, args';

/** COPY's text format: backslash, tab, newline and carriage return are the only specials. */
const field = (value: string) =>
  /[\\\t\n\r]/.test(value)
    ? value.replace(
        /[\\\t\n\r]/g,
        (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c] ?? c,
      )
    : value;

/**
 * Writes a batch's events into indexer.chain_events inside the batch's transaction.
 *
 * A batch of new blocks goes in with COPY: backfill moves tens of thousands of rows per batch,
 * and COPY spares Postgres parsing them as one huge array literal per column (the insert was the
 * slowest stage of a backfill before). When any of the batch's blocks is already stored (the
 * chain went back to a fork we had followed, whose events a reorg marked removed), it falls back
 * to INSERT … ON CONFLICT, which revives them instead of failing on the unique key.
 */
export async function writeEvents(
  runner: QueryRunner,
  chainId: number,
  address: string,
  events: readonly StoredEvent[],
): Promise<void> {
  if (events.length === 0) {
    return;
  }
  const hashes = [...new Set(events.map((e) => e.blockHash))];
  const seen = (await runner.query(
    `SELECT 1 FROM indexer.chain_events WHERE chain_id = $1 AND block_hash = ANY($2) LIMIT 1`,
    [chainId, hashes],
  )) as unknown[];
  if (seen.length === 0) {
    const client = (runner as unknown as { databaseConnection: PoolClient }).databaseConnection;
    const prefix = `${chainId}\t${field(address)}\t`;
    function* lines() {
      let chunk = '';
      for (const e of events) {
        chunk +=
          `${prefix}${e.blockNumber}\t${field(e.blockHash)}\t${e.blockTimestamp}\t${e.logIndex}\t` +
          `${field(e.txHash)}\t${e.name}\t${e.loanId}\t${field(JSON.stringify(e.args))}\n`;
        if (chunk.length > 1 << 20) {
          yield chunk;
          chunk = '';
        }
      }
      yield chunk;
    }
    await pipeline(
      Readable.from(lines()),
      client.query(copyFrom(`COPY indexer.chain_events (${COLUMNS}) FROM STDIN`)),
    );
    return;
  }
  await runner.query(
    `INSERT INTO indexer.chain_events (${COLUMNS})
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
