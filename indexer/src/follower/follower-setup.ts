import type { RpcClientOptions } from '../chain/rpc-client';
import type { Env } from '../config/env';
import type { FollowerConfig } from './follower';
import type { FollowedContract } from './follower.store';

/**
 * The contract the indexer follows, how, and how it talks to the node, from its environment:
 * one reading for the sync service and the warm start, whose first calls must be the follower's.
 */
export function followerSetup(env: Env): {
  contract: FollowedContract;
  config: FollowerConfig;
  rpc: Omit<RpcClientOptions, 'observe'>;
} {
  const { deployment } = env;
  return {
    contract: {
      chainId: deployment.chainId,
      address: deployment.lending.address.toLowerCase(),
      deployBlock: deployment.lending.deployBlock,
    },
    config: {
      finality: env.finality,
      safeDepth: env.INDEXER_SAFE_DEPTH,
      finalizedDepth: env.INDEXER_FINALIZED_DEPTH,
      initialRange: env.INDEXER_INITIAL_RANGE,
      maxRange: env.INDEXER_MAX_RANGE,
      backfillPieces: env.INDEXER_BACKFILL_PIECES,
    },
    rpc: {
      url: env.RPC_URL,
      timeoutMs: env.INDEXER_RPC_TIMEOUT_MS,
      retries: env.INDEXER_RPC_RETRIES,
    },
  };
}
