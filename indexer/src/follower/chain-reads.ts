import { LENDING_TOPICS } from '@lendpath/contracts';

import { RpcError, type RpcCall } from '../chain/rpc-client';
import type { BlockHeader } from './follower.store';

/**
 * What the follower asks the chain, as JSON-RPC calls, and how it splits a backfill range: one
 * place for the follower (follower.ts) and for the warm start (warm-start.ts), which sends the
 * follower's first calls before the app has loaded. The RPC client hands a preloaded answer only
 * to a call that is the same byte for byte, so both must build their calls here.
 */

/** How the follower judges finality (FollowerConfig's part the tip depends on). */
export interface FinalityRule {
  finality: 'tags' | 'depth';
  safeDepth: number;
  finalizedDepth: number;
}

/** The chain's head, and its safe and finalized block numbers. */
export interface Tip {
  head: BlockHeader;
  safe: number;
  finalized: number;
}

/** A header as eth_getBlockByNumber answers it. */
export interface RawHeader {
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
}

const hex = (n: number) => `0x${n.toString(16)}`;

export const toHeader = (raw: RawHeader): BlockHeader => ({
  number: Number(raw.number),
  hash: raw.hash,
  parentHash: raw.parentHash,
  timestamp: Number(raw.timestamp),
});

/** The chain's id (SyncService checks it against the deployment before the follower starts). */
export const chainIdCall: RpcCall = { method: 'eth_chainId', params: [] };

/** Block `n`'s header. */
export const headerCall = (n: number): RpcCall => ({
  method: 'eth_getBlockByNumber',
  params: [hex(n), false],
});

/** The lending contract's logs in blocks `from` to `to`. */
export const getLogsCall = (address: string, from: number, to: number): RpcCall => ({
  method: 'eth_getLogs',
  params: [{ address, topics: [LENDING_TOPICS], fromBlock: hex(from), toBlock: hex(to) }],
});

/** The lending contract's logs in the block `hash` (whichever fork it is on). */
export const blockLogsCall = (address: string, hash: string): RpcCall => ({
  method: 'eth_getLogs',
  params: [{ address, topics: [LENDING_TOPICS], blockHash: hash }],
});

/** The tip in one round trip: the head, with the safe and finalized tags where the chain has them. */
export function tipCalls(rule: FinalityRule): RpcCall[] {
  const tag = (name: string): RpcCall => ({
    method: 'eth_getBlockByNumber',
    params: [name, false],
  });
  return rule.finality === 'depth'
    ? [tag('latest')]
    : [tag('latest'), tag('safe'), tag('finalized')];
}

/** The tip from the answers to {@link tipCalls}. */
export function tipOf(rule: FinalityRule, answers: readonly unknown[]): Tip {
  const [latest, safe, finalized] = answers as (RawHeader | null | undefined)[];
  if (latest === null || latest === undefined) {
    throw new RpcError('transient', 'eth_getBlockByNumber', 'no latest block');
  }
  const head = toHeader(latest);
  if (rule.finality === 'depth') {
    return {
      head,
      safe: Math.max(-1, head.number - rule.safeDepth),
      finalized: Math.max(-1, head.number - rule.finalizedDepth),
    };
  }
  const finalizedNumber = finalized ? Number(finalized.number) : -1;
  return {
    head,
    safe: safe ? Number(safe.number) : finalizedNumber,
    finalized: finalizedNumber,
  };
}

/**
 * The consecutive sub-ranges a backfill range of at most `range` blocks from `from` is asked for
 * in: up to `pieces` of them, never past the finalized block.
 */
export function piecesOf(
  from: number,
  range: number,
  tip: Tip,
  pieces: number,
): { from: number; to: number }[] {
  const to = Math.min(from + range - 1, tip.finalized);
  const blocks = to - from + 1;
  const count = Math.min(pieces, blocks);
  const out: { from: number; to: number }[] = [];
  let start = from;
  for (let i = 1; i <= count; i++) {
    const end = from + Math.floor((i * blocks) / count) - 1;
    out.push({ from: start, to: end });
    start = end + 1;
  }
  return out;
}
