import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { ENV, type Env } from '../../config/env';
import { LendingChain } from '../chain/lending-chain';

/**
 * Whether the indexer currently vouches for the projection (DESIGN.md §4). While `verified` is
 * false no loan reads `finalized`: every finality the API answers is `unverified`, list answers
 * carry this object, and /ready fails with `reason`.
 */
export interface Verification {
  verified: boolean;
  /** Why not, for operators (`indexer halted: …` or `indexer behind: …`); null when verified. */
  reason: string | null;
}

const VERIFIED: Verification = { verified: true, reason: null };
const UNDEFINED_TABLE = '42P01';

/** Reads of indexer.v_sources are shared for this long: one per replica per second at most. */
const CACHE_MS = 1_000;

interface SourceRow {
  halted_reason: string | null;
  cursor_block: string;
  head_block: string | null;
  /** Whole seconds since the follower last stood at the head; null: not since it started. */
  behind_seconds: number | null;
}

/**
 * The indexer's state as the API judges it, from its row in `indexer.v_sources` (read only here).
 * Unverified when either holds:
 *
 * - halted: `halted_reason` is set (a reorg deeper than finality; it never continues by itself);
 * - behind: the follower last stood at the chain's head (`caught_up_at`, which it refreshes every
 *   second while caught up, blocks or no blocks) more than INDEXER_MAX_LAG_SECONDS ago, or never
 *   since its row was made: it stopped, crashed, lost the node or cannot keep up, so the store is
 *   not the chain's present. Measured on the database's clock, which both apps share.
 *
 * No row (the indexer has never run against this contract or database) counts as verified: the
 * indexer has claimed nothing yet, so no loan can read `safe` or `finalized` in the first place
 * (finality comes only from its row), and fast-path rows read `pending`.
 */
@Injectable()
export class ChainVerification {
  private cached?: { at: number; value: Promise<Verification> };

  constructor(
    private readonly dataSource: DataSource,
    private readonly chain: LendingChain,
    @Inject(ENV) private readonly env: Env,
  ) {}

  current(): Promise<Verification> {
    const now = Date.now();
    if (this.cached !== undefined && now - this.cached.at < CACHE_MS) {
      return this.cached.value;
    }
    const value = this.read();
    const entry = { at: now, value };
    this.cached = entry;
    // A failed read is not kept: the next caller asks the database again.
    value.catch(() => {
      if (this.cached === entry) {
        this.cached = undefined;
      }
    });
    return value;
  }

  private async read(): Promise<Verification> {
    let row: SourceRow | undefined;
    try {
      [row] = await this.dataSource.query<SourceRow[]>(
        `SELECT halted_reason, cursor_block::text, head_block::text,
                floor(extract(epoch FROM now() - caught_up_at))::int AS behind_seconds
         FROM indexer.v_sources WHERE chain_id = $1 AND address = $2`,
        [this.chain.chainId, this.chain.address.toLowerCase()],
      );
    } catch (error) {
      // No schema `indexer` at all: the indexer has never run against this database.
      if ((error as { code?: string }).code !== UNDEFINED_TABLE) {
        throw error;
      }
    }
    if (row === undefined) {
      return VERIFIED;
    }
    if (row.halted_reason !== null) {
      return { verified: false, reason: `indexer halted: ${row.halted_reason}` };
    }
    const bound = this.env.INDEXER_MAX_LAG_SECONDS;
    const where = `indexed to block ${row.cursor_block}, head ${row.head_block ?? 'not seen yet'}`;
    if (row.behind_seconds === null) {
      return {
        verified: false,
        reason: `indexer behind: not at the chain's head since it started (${where})`,
      };
    }
    if (row.behind_seconds > bound) {
      return {
        verified: false,
        reason:
          `indexer behind: last at the chain's head ${row.behind_seconds} s ago, more than ` +
          `INDEXER_MAX_LAG_SECONDS (${bound} s) (${where})`,
      };
    }
    return VERIFIED;
  }
}

/** The finality a loan is answered with: its own while verified, `unverified` otherwise. */
export const reportedFinality = <F extends string>(
  finality: F,
  verification: Verification,
): F | 'unverified' => (verification.verified ? finality : 'unverified');
