import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';

import { CHAIN_EVENTS_JOB, type ChainEventsJob } from '../public/jobs';

interface OutboxRow {
  id: string;
  chain_id: number;
  address: string;
  from_block: string;
  to_block: string;
  loan_ids: string[];
  safe_block: string;
  finalized_block: string;
}

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
      // SKIP LOCKED: a second replica relays other rows instead of waiting for these.
      // loan_ids as text: node-postgres would turn numeric[] into floats.
      const rows = await manager.query<OutboxRow[]>(
        `SELECT id, chain_id, address, from_block, to_block, loan_ids::text[] AS loan_ids, safe_block,
                finalized_block
         FROM indexer.outbox WHERE relayed_at IS NULL
         ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [limit],
      );
      // Rows that piled up (a catch-up commits faster than it relays) go out as one job per
      // contract: the API then folds each loan once for all of them instead of once per row.
      // The id names the rows, so a crash before they are marked sends the same job again.
      const bySource = new Map<string, OutboxRow[]>();
      for (const row of rows) {
        const key = `${row.chain_id}-${row.address}`;
        bySource.set(key, [...(bySource.get(key) ?? []), row]);
      }
      for (const [source, group] of bySource) {
        const first = group[0] as OutboxRow;
        const last = group.at(-1) as OutboxRow;
        await this.queue.add(
          CHAIN_EVENTS_JOB,
          {
            chainId: first.chain_id,
            address: first.address,
            fromBlock: Math.min(...group.map((row) => Number(row.from_block))),
            toBlock: Math.max(...group.map((row) => Number(row.to_block))),
            loanIds: [...new Set(group.flatMap((row) => row.loan_ids))],
            safeBlock: Number(last.safe_block),
            finalizedBlock: Number(last.finalized_block),
          },
          { jobId: first === last ? `${source}-${first.id}` : `${source}-${first.id}-${last.id}` },
        );
      }
      if (rows.length > 0) {
        await manager.query(`UPDATE indexer.outbox SET relayed_at = now() WHERE id = ANY($1)`, [
          rows.map((row) => row.id),
        ]);
      }
      return rows.length;
    });
  }
}
