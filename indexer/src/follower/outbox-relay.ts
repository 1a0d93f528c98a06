import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';

import { CHAIN_EVENTS_JOB, type ChainEventsJob } from '../public/jobs';

/** The rows of one contract picked in one page, as {@link RELAY_PAGE_SQL} sums them up. */
interface PickedSource {
  chain_id: number;
  address: string;
  /** The rows' ids, in order. */
  ids: string[];
  from_block: string;
  to_block: string;
  /** Every loan id of the rows, once each, comma-separated; null when they name none. */
  loan_ids: string | null;
  safe_block: string;
  finalized_block: string;
}

/**
 * Picks up to $1 unrelayed rows (SKIP LOCKED: a second replica relays other rows instead of
 * waiting for these) and sums them up per contract: the blocks they span, the chain's safe and
 * finalized blocks as of the last, and their loan ids once each, as one text. Postgres merges the
 * ids: a backfill's pieces name the same loans again and again (50,100 ids for 16,700 loans in
 * the bench), and reading them as arrays cost ~60 ms of this process's CPU per range, parsed one
 * character at a time in JavaScript, between the range's last commit and its job. In no order:
 * the API folds them as a set, and sorting them took half of this statement (24–29 → 9–12 ms in
 * psql on arrays like the bench's range; its relay stage 17–21 → 15–16 ms).
 */
const RELAY_PAGE_SQL = `
  WITH picked AS (
    SELECT id, chain_id, address, from_block, to_block, loan_ids, safe_block, finalized_block
    FROM indexer.outbox WHERE relayed_at IS NULL
    ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
  )
  SELECT p.chain_id, p.address, array_agg(p.id::text ORDER BY p.id) AS ids,
         min(p.from_block)::text AS from_block, max(p.to_block)::text AS to_block,
         (array_agg(p.safe_block::text ORDER BY p.id DESC))[1] AS safe_block,
         (array_agg(p.finalized_block::text ORDER BY p.id DESC))[1] AS finalized_block,
         (SELECT string_agg(l.id::text, ',')
          FROM (SELECT DISTINCT unnest(q.loan_ids) AS id FROM picked q
                WHERE q.chain_id = p.chain_id AND q.address = p.address) AS l) AS loan_ids
  FROM picked p
  GROUP BY p.chain_id, p.address
  ORDER BY min(p.id)`;

/**
 * Moves committed outbox rows onto the chain-events queue (the rows pending at once as one job). A crash between the batch's commit
 * and the enqueue loses nothing: the rows stay unrelayed and the next run sends them. Job ids
 * are derived from the row, so a row sent twice (a crash after the enqueue, two replicas) is
 * one job while BullMQ remembers it, and a harmless re-fold after.
 */
export class OutboxRelay {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: Queue<ChainEventsJob>,
  ) {}

  /** Relays every pending row; answers how many. */
  async relay(): Promise<number> {
    let total = 0;
    for (;;) {
      const sent = await this.relayPage(500);
      total += sent;
      if (sent < 500) {
        return total;
      }
    }
  }

  private relayPage(limit: number): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      // Rows that piled up (a catch-up commits faster than it relays, a backfill's pieces) go out
      // as one job per contract: the API then folds each loan once for all of them instead of once
      // per row. The id names the rows, so a crash before they are marked sends the same job again.
      const sources = await manager.query<PickedSource[]>(RELAY_PAGE_SQL, [limit]);
      for (const picked of sources) {
        const source = `${picked.chain_id}-${picked.address}`;
        const first = picked.ids[0] as string;
        const last = picked.ids.at(-1) as string;
        await this.queue.add(
          CHAIN_EVENTS_JOB,
          {
            chainId: picked.chain_id,
            address: picked.address,
            fromBlock: Number(picked.from_block),
            toBlock: Number(picked.to_block),
            loanIds: picked.loan_ids === null ? [] : picked.loan_ids.split(','),
            safeBlock: Number(picked.safe_block),
            finalizedBlock: Number(picked.finalized_block),
          },
          { jobId: first === last ? `${source}-${first}` : `${source}-${first}-${last}` },
        );
      }
      const ids = sources.flatMap((picked) => picked.ids);
      if (ids.length > 0) {
        await manager.query(`UPDATE indexer.outbox SET relayed_at = now() WHERE id = ANY($1)`, [
          ids,
        ]);
      }
      return ids.length;
    });
  }
}
