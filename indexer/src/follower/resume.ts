import type { DataSource } from 'typeorm';

import type { RpcClient } from '../chain/rpc-client';
import { headerCall, type RawHeader, toHeader } from './chain-reads';
import {
  type BlockHeader,
  type FollowedContract,
  keepWindowAndAnnounce,
  lockFollower,
  resumeStore,
  undoAbove,
} from './follower.store';

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

/** Known blocks compared against the node per round trip while looking for the agreed one. */
const PAGE = 100;

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
  const source = await resumeStore.source(dataSource, contract);
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
    await lockFollower(runner, contract);
    const now = await resumeStore.source(runner, contract, true);
    if (
      now?.halted_reason !== source.halted_reason ||
      now.cursor_block !== source.cursor_block ||
      now.cursor_hash !== source.cursor_hash
    ) {
      throw new Error('the indexer moved while resuming: look again, then run it again');
    }
    const removed = await undoAbove(runner, contract, agreed.number);
    const loanIds = [...new Set(removed)].sort((a, b) => Number(BigInt(a) - BigInt(b)));
    // A later reorg walks back through this window: it must start at the agreed block.
    const blocks: BlockHeader[] = [];
    if (agreed.hash !== null) {
      const [header] = await headers(rpc, [agreed.number]);
      if (header?.hash !== agreed.hash) {
        throw new Error(`block ${agreed.number} changed on the node while resuming: run it again`);
      }
      blocks.push(header);
    }
    const settled = await resumeStore.resetCursor(runner, contract, agreed.number, agreed.hash);
    await keepWindowAndAnnounce(runner, contract, {
      blocks,
      announcement: {
        fromBlock: agreed.number + 1,
        toBlock: Math.max(cursor, agreed.number + 1),
        loanIds,
        safeBlock: settled.safeBlock ?? agreed.number,
        finalizedBlock: settled.finalizedBlock ?? agreed.number,
      },
    });
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

/**
 * The newest block at or below `floor` whose hash the store knows and the node has at that
 * height. Known hashes: the block window, the cursor, and the blocks of stored events.
 */
async function agreedBlock(
  dataSource: DataSource,
  rpc: RpcClient,
  contract: FollowedContract,
  floor: number,
): Promise<AgreedBlock | undefined> {
  for (let offset = 0; ; offset += PAGE) {
    const known = await resumeStore.knownBlocks(dataSource, contract, floor, {
      limit: PAGE,
      offset,
    });
    if (known.length === 0) {
      return undefined;
    }
    const onChain = await headers(
      rpc,
      known.map((block) => block.number),
    );
    const match = known.find((block, i) => onChain[i]?.hash === block.hash);
    if (match !== undefined) {
      return match;
    }
  }
}

async function headers(
  rpc: RpcClient,
  numbers: readonly number[],
): Promise<(BlockHeader | undefined)[]> {
  const raws = (await rpc.batch(numbers.map(headerCall))) as (RawHeader | null)[];
  return raws.map((raw) => (raw === null || raw === undefined ? undefined : toHeader(raw)));
}
