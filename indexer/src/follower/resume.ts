import type { DataSource } from 'typeorm';

import type { RpcClient } from '../chain/rpc-client';
import type { FollowedContract } from './follower';

/** A block both the store and the node name with the same hash (hash null: before the deploy block). */
export interface AgreedBlock {
  number: number;
  hash: string | null;
}

/** What `npm run indexer:resume` did (or, dry, would do). */
export interface ResumeOutcome {
  haltedReason: string;
  /** The cursor the follower halted at. */
  haltedAt: AgreedBlock;
  /** The newest block at or below the stored finalized block that the node still has. */
  agreed: AgreedBlock;
  /** Events above `agreed` now marked removed (the follower stores them again if the chain has them). */
  removedEvents: number;
  /** Loans those events touched (decimal ids), announced for the API to fold again. */
  loanIds: string[];
  dryRun: boolean;
}

/** The follower is not halted: resuming would throw away work for nothing. */
export class NotHalted extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotHalted';
  }
}

interface SourceRow {
  cursor_block: string;
  cursor_hash: string | null;
  finalized_block: string | null;
  halted_reason: string | null;
}

/** Known blocks compared against the node per round trip while looking for the agreed one. */
const PAGE = 100;

const hex = (n: number) => `0x${n.toString(16)}`;

/**
 * Resumes a follower halted by a reorg deeper than finality, once a person has looked: finds the
 * newest block at or below the stored finalized block whose stored hash (the block window, the
 * cursor, or a stored event's block) is the node's hash at that height, marks every event above
 * it removed, moves the cursor (and safe and finalized) there, clears the halt and writes an
 * outbox row naming the loans those events touched, in one transaction under the follower's own
 * lock. The running follower then follows the chain again from that block, storing (or reviving,
 * when the chain still has them) what lies above.
 *
 * A block the node agrees on proves its ancestors too (each hash commits to its parent), so the
 * newest agreeing block is where the two histories part. When none agrees, it re-follows from the
 * deploy block.
 */
export async function resumeHalted(
  dataSource: DataSource,
  rpc: RpcClient,
  contract: FollowedContract,
  options: { dryRun?: boolean } = {},
): Promise<ResumeOutcome> {
  const { chainId, address } = contract;
  const source = await readSource(dataSource, contract);
  if (source === undefined) {
    throw new NotHalted(
      `the indexer has not followed ${address} on chain ${chainId} yet: nothing to resume`,
    );
  }
  if (source.halted_reason === null) {
    throw new NotHalted(
      `the indexer is not halted (cursor at block ${source.cursor_block}): nothing to resume`,
    );
  }
  const cursor = Number(source.cursor_block);
  const floor = Math.min(cursor, Number(source.finalized_block ?? source.cursor_block));
  const agreed = (await agreedBlock(dataSource, rpc, contract, floor)) ?? {
    number: contract.deployBlock - 1,
    hash: null,
  };

  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    // The follower's own lock: no batch of a running follower commits meanwhile.
    await runner.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `indexer:${chainId}:${address}`,
    ]);
    const [now] = (await runner.query(
      `SELECT cursor_block, cursor_hash, halted_reason FROM indexer.sources
       WHERE chain_id = $1 AND address = $2 FOR UPDATE`,
      [chainId, address],
    )) as SourceRow[];
    if (
      now?.halted_reason !== source.halted_reason ||
      now.cursor_block !== source.cursor_block ||
      now.cursor_hash !== source.cursor_hash
    ) {
      throw new Error('the indexer moved while resuming: look again, then run it again');
    }
    const [removed] = (await runner.query(
      `UPDATE indexer.chain_events SET removed = true
       WHERE chain_id = $1 AND address = $2 AND block_number > $3 AND NOT removed
       RETURNING loan_id::text`,
      [chainId, address, agreed.number],
    )) as [{ loan_id: string }[], number];
    const loanIds = [...new Set(removed.map((row) => row.loan_id))].sort((a, b) =>
      Number(BigInt(a) - BigInt(b)),
    );
    await runner.query(
      `DELETE FROM indexer.blocks WHERE chain_id = $1 AND address = $2 AND number > $3`,
      [chainId, address, agreed.number],
    );
    if (agreed.hash !== null) {
      // A later reorg walks back through this window: it must start at the agreed block.
      const [header] = await headers(rpc, [agreed.number]);
      if (header?.hash !== agreed.hash) {
        throw new Error(`block ${agreed.number} changed on the node while resuming: run it again`);
      }
      await runner.query(
        `INSERT INTO indexer.blocks (chain_id, address, number, hash, parent_hash, timestamp)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (chain_id, address, number) DO UPDATE
           SET hash = EXCLUDED.hash, parent_hash = EXCLUDED.parent_hash, timestamp = EXCLUDED.timestamp`,
        [chainId, address, agreed.number, agreed.hash, header.parentHash, header.timestamp],
      );
    }
    const [settled] = (await runner.query(
      `UPDATE indexer.sources
       SET cursor_block = $3, cursor_hash = $4, halted_reason = NULL,
           safe_block = LEAST(safe_block, $3::bigint), finalized_block = LEAST(finalized_block, $3::bigint),
           reorg_count = reorg_count + 1, updated_at = now()
       WHERE chain_id = $1 AND address = $2
       RETURNING safe_block, finalized_block`,
      [chainId, address, agreed.number, agreed.hash],
    )) as [{ safe_block: string; finalized_block: string }[], number];
    await runner.query(
      `INSERT INTO indexer.outbox
         (chain_id, address, from_block, to_block, loan_ids, safe_block, finalized_block)
       VALUES ($1, $2, $3, $4, $5::numeric[], $6, $7)`,
      [
        chainId,
        address,
        agreed.number + 1,
        Math.max(cursor, agreed.number + 1),
        loanIds,
        settled[0]?.safe_block ?? agreed.number,
        settled[0]?.finalized_block ?? agreed.number,
      ],
    );
    if (options.dryRun === true) {
      await runner.rollbackTransaction();
    } else {
      await runner.commitTransaction();
    }
    return {
      haltedReason: source.halted_reason,
      haltedAt: { number: cursor, hash: source.cursor_hash },
      agreed,
      removedEvents: removed.length,
      loanIds,
      dryRun: options.dryRun === true,
    };
  } catch (error) {
    if (runner.isTransactionActive) {
      await runner.rollbackTransaction();
    }
    throw error;
  } finally {
    await runner.release();
  }
}

async function readSource(
  dataSource: DataSource,
  { chainId, address }: FollowedContract,
): Promise<SourceRow | undefined> {
  const [row] = await dataSource.query<SourceRow[]>(
    `SELECT cursor_block::text, cursor_hash, finalized_block::text, halted_reason
     FROM indexer.sources WHERE chain_id = $1 AND address = $2`,
    [chainId, address],
  );
  return row;
}

/**
 * The newest block at or below `floor` whose hash the store knows and the node has at that
 * height. Known hashes: the block window, the cursor, and the blocks of stored events.
 */
async function agreedBlock(
  dataSource: DataSource,
  rpc: RpcClient,
  { chainId, address }: FollowedContract,
  floor: number,
): Promise<AgreedBlock | undefined> {
  for (let offset = 0; ; offset += PAGE) {
    const known = await dataSource.query<{ number: string; hash: string }[]>(
      `SELECT number::text, hash FROM (
         SELECT number, hash FROM indexer.blocks
         WHERE chain_id = $1 AND address = $2 AND number <= $3
         UNION
         SELECT cursor_block, cursor_hash FROM indexer.sources
         WHERE chain_id = $1 AND address = $2 AND cursor_block <= $3 AND cursor_hash IS NOT NULL
         UNION
         SELECT block_number, block_hash FROM indexer.chain_events
         WHERE chain_id = $1 AND address = $2 AND block_number <= $3
       ) AS known ORDER BY number DESC, hash LIMIT ${PAGE} OFFSET ${offset}`,
      [chainId, address, floor],
    );
    if (known.length === 0) {
      return undefined;
    }
    const onChain = await headers(
      rpc,
      known.map((block) => Number(block.number)),
    );
    const match = known.find((block, i) => onChain[i]?.hash === block.hash);
    if (match !== undefined) {
      return { number: Number(match.number), hash: match.hash };
    }
  }
}

async function headers(
  rpc: RpcClient,
  numbers: readonly number[],
): Promise<({ hash: string; parentHash: string; timestamp: number } | undefined)[]> {
  const raws = (await rpc.batch(
    numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [hex(n), false] })),
  )) as ({ hash: string; parentHash: string; timestamp: string } | null)[];
  return raws.map((raw) =>
    raw === null || raw === undefined
      ? undefined
      : { hash: raw.hash, parentHash: raw.parentHash, timestamp: Number(raw.timestamp) },
  );
}
