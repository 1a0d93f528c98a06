import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

import { LendingChain, type ObservedEvent } from '../chain/lending-chain';
import {
  type ChainEventRecord,
  finalityOf,
  foldLoan,
  type LoanState,
  type LoanStatus,
} from './fold-loan';

/** A loan whose status the reconcile changed. */
export interface LoanTransition {
  loanRequestId: string;
  loanChainId: string;
  from: LoanStatus | null;
  to: LoanStatus | null;
}

interface EventRow {
  loan_id: string;
  name: ChainEventRecord['name'];
  block_number: string;
  block_hash: string;
  block_timestamp: string;
  log_index: number;
  args: Record<string, string | boolean>;
}

const DEADLOCK = '40P01';

/**
 * The `loan_requests` projection (DESIGN.md §4). Reconciling a set of loans re-folds each from
 * its canonical chain events in one transaction, set-based: one query reads every event of every
 * loan, one statement writes every row. The rows are locked first, in loan-id order, so two
 * reconciles of the same loan are serialised and two batches never deadlock on each other.
 *
 * The event store is the indexer's (schema `indexer`, read only here). Fast-path hints (events
 * the API read from a receipt it verified) are folded in only above the indexer's cursor, i.e.
 * until the indexer has judged their block; a hint the indexer has passed is dropped and its loan
 * re-folded, so a hint from a block that was reorganised away cannot outlive the reorg.
 */
@Injectable()
export class LoanProjection {
  constructor(
    private readonly dataSource: DataSource,
    private readonly chain: LendingChain,
  ) {}

  /** Re-folds these loans (decimal ids); answers the status changes. */
  async reconcile(loanIds: readonly string[]): Promise<LoanTransition[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.dataSource.transaction((manager) => this.reconcileIn(manager, loanIds));
      } catch (error) {
        // Row locks are taken in one order, but an insert racing a lock can still deadlock.
        if ((error as { code?: string }).code === DEADLOCK && attempt < 5) {
          continue;
        }
        throw error;
      }
    }
  }

  /** Stores events read from a verified receipt, to be folded until the indexer passes them. */
  async addHints(events: readonly ObservedEvent[]): Promise<void> {
    for (const event of events) {
      await this.dataSource.query(
        `INSERT INTO app.loan_chain_hints
           (chain_id, block_hash, log_index, block_number, block_timestamp, tx_hash, address,
            name, loan_id, args)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT DO NOTHING`,
        [
          this.chain.chainId,
          event.blockHash,
          event.logIndex,
          event.blockNumber,
          event.blockTimestamp,
          event.txHash,
          this.chain.address.toLowerCase(),
          event.name,
          event.loanId,
          JSON.stringify(event.args),
        ],
      );
    }
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

  private async allLoanIds(): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT DISTINCT loan_id::text AS id FROM indexer.chain_events
       WHERE chain_id = $1 AND address = $2
       UNION
       SELECT loan_chain_id::text FROM app.loan_requests WHERE chain_id = $1`,
      [this.chain.chainId, this.chain.address.toLowerCase()],
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }

  private async reconcileIn(
    manager: EntityManager,
    requested: readonly string[],
  ): Promise<LoanTransition[]> {
    const chainId = this.chain.chainId;
    const address = this.chain.address.toLowerCase();
    const [source] = (await manager.query(
      `SELECT cursor_block, safe_block, finalized_block FROM indexer.sources
       WHERE chain_id = $1 AND address = $2`,
      [chainId, address],
    )) as { cursor_block: string; safe_block: string | null; finalized_block: string | null }[];
    const cursor = Number(source?.cursor_block ?? -1);
    const safe = Number(source?.safe_block ?? -1);
    const finalized = Number(source?.finalized_block ?? -1);

    const [staleHints] = (await manager.query(
      `DELETE FROM app.loan_chain_hints WHERE chain_id = $1 AND address = $2 AND block_number <= $3
       RETURNING loan_id::text`,
      [chainId, address, cursor],
    )) as [{ loan_id: string }[], number];
    const ids = [...new Set([...requested, ...staleHints.map((row) => row.loan_id)])].sort(
      (a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0),
    );

    const transitions: LoanTransition[] = [];
    if (ids.length > 0) {
      await manager.query(
        `INSERT INTO app.loan_requests (chain_id, loan_chain_id)
         SELECT $1, id FROM unnest($2::numeric[]) AS id ORDER BY id
         ON CONFLICT (chain_id, loan_chain_id) DO NOTHING`,
        [chainId, ids],
      );
      const locked = (await manager.query(
        `SELECT id, loan_chain_id::text AS loan_chain_id, status FROM app.loan_requests
         WHERE chain_id = $1 AND loan_chain_id = ANY($2::numeric[])
         ORDER BY loan_chain_id FOR UPDATE`,
        [chainId, ids],
      )) as { id: string; loan_chain_id: string; status: LoanStatus | null }[];
      const events = (await manager.query(
        `SELECT loan_id::text AS loan_id, name, block_number, block_hash, block_timestamp,
                log_index, args
         FROM indexer.chain_events
         WHERE chain_id = $1 AND address = $2 AND loan_id = ANY($3::numeric[]) AND NOT removed
         UNION ALL
         SELECT h.loan_id::text, h.name, h.block_number, h.block_hash, h.block_timestamp,
                h.log_index, h.args
         FROM app.loan_chain_hints h
         WHERE h.chain_id = $1 AND h.address = $2 AND h.loan_id = ANY($3::numeric[])
           AND h.block_number > $4
           AND NOT EXISTS (SELECT 1 FROM indexer.chain_events e
                           WHERE e.chain_id = h.chain_id AND e.block_hash = h.block_hash
                             AND e.log_index = h.log_index)
         ORDER BY loan_id, block_number, log_index`,
        [chainId, address, ids, cursor],
      )) as EventRow[];
      const byLoan = new Map<string, ChainEventRecord[]>();
      for (const row of events) {
        let list = byLoan.get(row.loan_id);
        if (list === undefined) {
          list = [];
          byLoan.set(row.loan_id, list);
        }
        list.push({
          name: row.name,
          blockNumber: Number(row.block_number),
          blockHash: row.block_hash,
          blockTimestamp: Number(row.block_timestamp),
          logIndex: row.log_index,
          args: row.args,
        });
      }
      const states = locked.map((row) => {
        const state = foldLoan(byLoan.get(row.loan_chain_id) ?? []);
        if (state?.status !== row.status) {
          transitions.push({
            loanRequestId: row.id,
            loanChainId: row.loan_chain_id,
            from: row.status,
            to: state?.status ?? null,
          });
        }
        return { id: row.id, state };
      });
      await this.write(manager, states, safe, finalized);
    }
    // Blocks settle without new events: promote every row the chain has since made safer.
    // `IN ('pending', 'safe')`, not `<> 'finalized'`: the same rows, but the finality index is
    // searched for them alone, instead of every row of the chain being read on each reconcile.
    await manager.query(
      `UPDATE app.loan_requests
       SET finality = CASE WHEN as_of_block <= $3 THEN 'finalized' ELSE 'safe' END
       WHERE chain_id = $1 AND finality IN ('pending', 'safe') AND as_of_block <= $2
         AND finality IS DISTINCT FROM (CASE WHEN as_of_block <= $3 THEN 'finalized' ELSE 'safe' END)`,
      [chainId, safe, finalized],
    );
    return transitions;
  }

  private async write(
    manager: EntityManager,
    rows: { id: string; state: LoanState | null }[],
    safe: number,
    finalized: number,
  ): Promise<void> {
    const column = <T>(pick: (state: LoanState) => T) =>
      rows.map(({ state }) => (state === null ? null : pick(state)));
    await manager.query(
      `UPDATE app.loan_requests AS r SET
         status = v.status, borrower_wallet = v.borrower_wallet, amount_units = v.amount_units,
         duration_seconds = v.duration_seconds, max_apr_bps = v.max_apr_bps,
         requested_at = v.requested_at, lender_wallet = v.lender_wallet, apr_bps = v.apr_bps,
         start_date = v.start_date, due_date = v.due_date, repayment_units = v.repayment_units,
         repaid_units = v.repaid_units, penalty_units = v.penalty_units, repaid_at = v.repaid_at,
         escrowed = v.escrowed, escrow_released = v.escrow_released, as_of_block = v.as_of_block,
         as_of_block_hash = v.as_of_block_hash, finality = v.finality, updated_at = now()
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::numeric[], $5::bigint[], $6::int[],
                   $7::timestamptz[], $8::text[], $9::int[], $10::timestamptz[],
                   $11::timestamptz[], $12::numeric[], $13::numeric[], $14::numeric[],
                   $15::timestamptz[], $16::bool[], $17::bool[], $18::bigint[], $19::text[],
                   $20::text[])
         AS v(id, status, borrower_wallet, amount_units, duration_seconds, max_apr_bps,
              requested_at, lender_wallet, apr_bps, start_date, due_date, repayment_units,
              repaid_units, penalty_units, repaid_at, escrowed, escrow_released, as_of_block,
              as_of_block_hash, finality)
       WHERE r.id = v.id`,
      [
        rows.map((row) => row.id),
        column((s) => s.status),
        column((s) => s.borrowerWallet),
        column((s) => s.amountUnits),
        column((s) => s.durationSeconds),
        column((s) => s.maxAprBps),
        column((s) => s.requestedAt.toISOString()),
        column((s) => s.lenderWallet),
        column((s) => s.aprBps),
        column((s) => s.startDate?.toISOString() ?? null),
        column((s) => s.dueDate?.toISOString() ?? null),
        column((s) => s.repaymentUnits),
        column((s) => s.repaidUnits),
        column((s) => s.penaltyUnits),
        column((s) => s.repaidAt?.toISOString() ?? null),
        column((s) => s.escrowed),
        column((s) => s.escrowReleased),
        column((s) => s.asOfBlock),
        column((s) => s.asOfBlockHash),
        column((s) => finalityOf(s.asOfBlock, safe, finalized)),
      ],
    );
  }
}
