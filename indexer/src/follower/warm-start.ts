import { setTimeout as sleep } from 'node:timers/promises';

import { Client } from 'pg';

import {
  type AnswerOptions,
  type RpcCall,
  RpcClient,
  type RpcClientOptions,
} from '../chain/rpc-client';
import type { Env } from '../config/env';
import { chainIdCall, getLogsCall, headerCall, piecesOf, tipCalls, tipOf } from './chain-reads';
import { followerSetup } from './follower-setup';
import {
  type FollowedContract,
  SOURCE_STATE_SQL,
  type SourceRow,
  type SourceState,
  sourceStateOf,
  unstartedState,
} from './follower.store';
import { LogDecoder } from './log-decoder';

/** The injection token of the process's {@link WarmStart} (null when there was none). */
export const WARM_START = Symbol('WARM_START');

/** How long a warm start's answers wait for the follower to ask for them. */
const KEEP_MS = 60_000;

/** The most a warm start holds up loading the app (a database or node slow to answer). */
const WAIT_MS = 1_000;

type Observe = NonNullable<RpcClientOptions['observe']>;

/**
 * The follower's first calls to the node, sent before the app is loaded (main.ts). Loading Nest
 * and the modules under it takes the indexer 0.35–0.4 s on the 2-core machine, more on a slower
 * one, and a backfill's first range keeps the node busy for longer than that: sent first, the
 * node works on them while Node loads the app, instead of after. It reads the cursor as the
 * follower will (one short connection of its own), asks for the tip, and then for the first
 * range's pieces exactly as the follower plans them (chain-reads.ts). The follower's RPC client
 * is this one: each of its calls that is the same as one asked for here takes that answer
 * (RpcClient.preload). Nothing else changes: if the follower's first step differs (another
 * replica moved the cursor, the database was not migrated yet), its calls simply miss, and the
 * answers are dropped after {@link KEEP_MS}.
 */
export class WarmStart {
  readonly rpc: RpcClient;
  /** The follower's log decoder: its worker starts while the app loads. */
  readonly logs: LogDecoder;
  /** What was asked for ahead, or why nothing was, for the start-up log. */
  summary = 'still asking when the app began loading';
  private readonly setup: ReturnType<typeof followerSetup>;
  private observer?: Observe;
  private readonly observed: Parameters<Observe>[] = [];

  constructor(private readonly env: Env) {
    this.setup = followerSetup(env);
    this.logs = new LogDecoder(this.setup.contract);
    this.rpc = new RpcClient({
      ...this.setup.rpc,
      // The metrics do not exist yet: their timings wait for observeWith.
      observe: (...observation) =>
        this.observer === undefined
          ? this.observed.push(observation)
          : this.observer(...observation),
    });
  }

  /** Hands the calls' timings to `observe` (the indexer's metrics): those so far, then each. */
  observeWith(observe: Observe): void {
    this.observer = observe;
    for (const observation of this.observed.splice(0)) {
      observe(...observation);
    }
  }

  /** Sends the follower's first calls; resolves once they are with the operating system. */
  async ask(): Promise<void> {
    const { contract, config } = this.setup;
    const sent: Promise<void>[] = [];
    const ahead = (calls: RpcCall[], options?: AnswerOptions): Promise<unknown[]> => {
      const preloaded = this.rpc.preload(calls, KEEP_MS, options);
      sent.push(preloaded.sent);
      return preloaded.answers;
    };
    // SyncService checks the chain first, then the follower reads the tip and the cursor. Only
    // the tip is awaited here: the follower takes each answer (and meets its failure) itself.
    void ahead([chainIdCall]);
    const tipping = ahead(tipCalls(config));
    const [state, answers] = await Promise.all([
      readState(this.env.DATABASE_URL, contract),
      tipping,
    ]);
    const tip = tipOf(config, answers);
    if (state.haltedReason !== null || state.cursorBlock >= tip.finalized) {
      this.summary = `nothing to backfill (cursor ${state.cursorBlock}, finalized ${tip.finalized})`;
      await Promise.all(sent);
      return;
    }
    if (state.cursorHash !== null && state.cursorBlock <= tip.head.number) {
      // Whether the block the follower stopped at is still the chain's (Follower.cursorReplaced).
      void ahead([headerCall(state.cursorBlock)]);
    }
    const pieces = piecesOf(state.cursorBlock + 1, config.initialRange, tip, config.backfillPieces);
    this.logs.start();
    // Parsed in the follower's order, as it parses its own (Follower.planRange).
    let previous: Promise<unknown> | undefined;
    for (const piece of pieces) {
      const call = getLogsCall(contract.address, piece.from, piece.to);
      previous = ahead([call], { parseAfter: previous, read: this.logs.reader(call.method) });
      void ahead([headerCall(piece.to)]);
    }
    await Promise.all(sent);
    // performance.now() counts from the process's start.
    this.summary =
      `blocks ${state.cursorBlock + 1}-${(pieces.at(-1) as { to: number }).to} asked for ` +
      `in ${pieces.length} piece(s) before the app loaded, ` +
      `${Math.round(performance.now())} ms after the process started`;
  }
}

/** The source's state as FollowerStore.load reads it, without TypeORM (not loaded yet). */
async function readState(databaseUrl: string, contract: FollowedContract): Promise<SourceState> {
  const client = new Client({
    connectionString: databaseUrl,
    application_name: 'lendpath-indexer-warm-start',
  });
  // A connection's errors come back from its calls; one emitted between them must not end the
  // process (ListenedClient's reason, without loading Nest for its logger).
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<SourceRow>(SOURCE_STATE_SQL, [
      contract.chainId,
      contract.address,
    ]);
    return rows[0] === undefined ? unstartedState(contract) : sourceStateOf(rows[0]);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Sends the follower's first calls (see {@link WarmStart}) and returns once they are sent, or
 * after {@link WAIT_MS} at most, whichever is first. Never fails: a warm start that could not
 * ask says why in its summary, and the follower asks for itself.
 */
export async function warmStart(env: Env): Promise<WarmStart> {
  const warm = new WarmStart(env);
  const stop = new AbortController();
  await Promise.race([
    warm.ask().then(
      () => undefined,
      (error: unknown) => {
        warm.summary = `nothing asked for ahead: ${(error as Error).message}`;
      },
    ),
    sleep(WAIT_MS, undefined, { signal: stop.signal, ref: false }).catch(() => undefined),
  ]);
  stop.abort();
  return warm;
}
