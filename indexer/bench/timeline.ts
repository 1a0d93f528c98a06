/**
 * Where the time went, read afterwards so that measuring costs the pipeline nothing: from the
 * outbox rows (when each batch's commit and relay began), the chain-events jobs (when each was
 * queued, taken and done) and the indexer's RPC metrics.
 */
import { CHAIN_EVENTS_QUEUE } from '@lendpath/indexer/jobs';
import { Queue } from 'bullmq';

import { round } from '@lendpath/test-kit/bench/figures';

import type { Stack } from './stack.ts';

/** One committed batch and when each stage began or ended (ms since the epoch). */
export interface Batch {
  fromBlock: number;
  toBlock: number;
  loans: number;
  events: number;
  /** The follower's commit transaction began: getLogs and decoding were done. */
  committing: number;
  /** The relay's transaction began: the batch was committed. */
  relaying: number;
  /** The chain-events job was added, taken by the API's worker, and done. */
  queued?: number;
  reconciling?: number;
  reconciled?: number;
}

export async function batches(
  stack: Stack,
  where = 'true',
  params: unknown[] = [],
): Promise<Batch[]> {
  const { rows } = await stack.db.query<{
    id: string;
    chain_id: number;
    address: string;
    from_block: string;
    to_block: string;
    loans: number;
    events: number;
    committing: number;
    relaying: number | null;
  }>(
    `SELECT o.id::text, o.chain_id, o.address, o.from_block, o.to_block,
            cardinality(o.loan_ids) AS loans,
            (SELECT count(*)::int FROM indexer.chain_events e
             WHERE e.chain_id = o.chain_id AND e.address = o.address
               AND e.block_number BETWEEN o.from_block AND o.to_block) AS events,
            extract(epoch FROM o.created_at)::float8 * 1000 AS committing,
            extract(epoch FROM o.relayed_at)::float8 * 1000 AS relaying
     FROM indexer.outbox o WHERE ${where} ORDER BY o.id`,
    params,
  );
  const queue = new Queue(CHAIN_EVENTS_QUEUE, {
    connection: { url: stack.redis },
    prefix: stack.prefix,
  });
  try {
    // The relay's deterministic job ids (indexer/src/follower/outbox-relay.ts): `<source>-<row>`
    // for one row, `<source>-<first>-<last>` for rows relayed together as one job.
    const jobs = await queue.getJobs(['completed', 'active', 'waiting', 'failed']);
    const jobFor = (row: { chain_id: number; address: string; id: string }) =>
      jobs.find((job) => {
        const prefix = `${row.chain_id}-${row.address}-`;
        if (job.id?.startsWith(prefix) !== true) {
          return false;
        }
        const [first, last = first] = job.id.slice(prefix.length).split('-').map(Number);
        return Number(row.id) >= (first ?? 0) && Number(row.id) <= (last ?? 0);
      });
    return rows.map((row) => {
      const job = jobFor(row);
      return {
        fromBlock: Number(row.from_block),
        toBlock: Number(row.to_block),
        loans: row.loans,
        events: row.events,
        committing: row.committing,
        relaying: row.relaying ?? Number.NaN,
        queued: job?.timestamp,
        reconciling: job?.processedOn,
        reconciled: job?.finishedOn,
      };
    });
  } finally {
    await queue.close();
  }
}

/** Calls and seconds of the indexer's RPC round trips by method, from its Prometheus metrics. */
export async function rpcTotals(
  stack: Stack,
): Promise<Record<string, { calls: number; s: number }>> {
  const text = await (await fetch(`${stack.indexerHealthUrl}/metrics`)).text();
  const totals: Record<string, { calls: number; s: number }> = {};
  for (const [, kind, method, value] of text.matchAll(
    /^indexer_rpc_seconds_(sum|count)\{method="([^"]+)"\} (\S+)$/gm,
  )) {
    const entry = (totals[method as string] ??= { calls: 0, s: 0 });
    if (kind === 'sum') {
      entry.s = round(Number(value), 3);
    } else {
      entry.calls = Number(value);
    }
  }
  return totals;
}
