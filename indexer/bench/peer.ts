/**
 * The peer (issue 20): a Subsquid processor (subsquid/processor.ts, whose header says what it
 * does) on the same chain and history as ours, each run its own process into a fresh database of
 * its own. The clock runs from spawning it until its committed height (`squid_processor.status`,
 * or `hot_block` above finality, which typeorm-store commits with each batch) reaches the head, and also from when it printed that it
 * had started, as ours is timed from spawn and after boot.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import pg from 'pg';
import type { Hex } from 'viem';

import { median, round } from '@lendpath/test-kit/bench/figures';
import { type LocalChain } from '@lendpath/test-kit/chain';
import { startChild, stopChildren } from '@lendpath/test-kit/children';
import {
  dropDatabase,
  ensureDatabase,
  uniqueDatabaseName,
  withDatabase,
} from '@lendpath/test-kit/postgres';
import { postgresServerUrl } from '@lendpath/test-kit/services';

import type { GeneratedLoans } from './stack.ts';
import { logDir, root } from './stack.ts';
import { SCHEMA_SQL } from './subsquid/model.ts';

export const PEER = 'Subsquid (@subsquid/evm-processor 1.27, @subsquid/typeorm-store 1.5)';
/** Ours on a local chain: INDEXER_FINALIZED_DEPTH's default (indexer/src/config/env.ts). */
const FINALIZED_DEPTH = 5;
const POLL_MS = 20;

export interface PeerRun {
  seconds: number;
  eventsPerSecond: number;
  eventsPerSecondAfterStart: number;
  /** Ms from spawning it until it printed `peer started`. */
  startMs: number;
  loadAverage: number;
}

async function once(chain: LocalChain, generated: GeneratedLoans, run: number): Promise<PeerRun> {
  const head = Number(await chain.rpc<Hex>('eth_blockNumber'));
  const databaseUrl = withDatabase(postgresServerUrl(), uniqueDatabaseName('lendpath_bench_peer'));
  await ensureDatabase(databaseUrl);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(SCHEMA_SQL);
    const loadAverage = loadavg()[0] ?? 0;
    const spawned = Date.now();
    const peer = startChild({
      name: `peer-${run}`,
      command: process.execPath,
      args: [
        join(root, 'indexer/bench/subsquid/processor.ts'),
        JSON.stringify({
          rpcUrl: chain.rpcUrl,
          address: chain.deployment.lending.address.toLowerCase(),
          from: chain.deployment.lending.deployBlock,
          to: head,
          finalityConfirmation: FINALIZED_DEPTH,
        }),
      ],
      cwd: root,
      logDir,
      env: { DB_URL: databaseUrl },
    });
    let started: number | undefined;
    peer.process.stdout?.on('data', (chunk: Buffer) => {
      if (started === undefined && chunk.toString().includes('peer started')) {
        started = Date.now();
      }
    });
    let complete: number | undefined;
    try {
      while (complete === undefined) {
        if (Date.now() > spawned + 180_000) {
          throw new Error(`the peer was not done after 180 s:\n${peer.tail()}`);
        }
        // The last blocks are hot (above finality): typeorm-store keeps them in hot_block.
        const height = await db
          .query<{ height: number }>(
            `SELECT greatest((SELECT height FROM squid_processor.status WHERE id = 0),
                             (SELECT max(height) FROM squid_processor.hot_block)) AS height`,
          )
          .then(({ rows }) => rows[0]?.height ?? -1)
          .catch(() => -1); // Its schema is made once it has connected.
        if (height >= head) {
          complete = Date.now();
        } else if (peer.process.exitCode !== null) {
          throw new Error(`the peer exited at block ${height} of ${head}:\n${peer.tail()}`);
        } else {
          await sleep(POLL_MS);
        }
      }
    } finally {
      await stopChildren([peer], 10_000);
    }
    const { rows } = await db.query<{ events: number; repaid: number }>(
      `SELECT (SELECT count(*)::int FROM chain_event) AS events,
              (SELECT count(*)::int FROM loan WHERE status = 'repaid') AS repaid`,
    );
    const { events = 0, repaid = 0 } = rows[0] ?? {};
    if (events !== generated.events || repaid !== generated.loans) {
      throw new Error(
        `the peer stored ${events} events and ${repaid} repaid loans; the chain has ` +
          `${generated.events} and ${generated.loans}`,
      );
    }
    const seconds = (complete - spawned) / 1_000;
    return {
      seconds: round(seconds, 2),
      eventsPerSecond: Math.round(events / seconds),
      eventsPerSecondAfterStart: Math.round((events * 1_000) / (complete - (started ?? spawned))),
      startMs: started === undefined ? Number.NaN : started - spawned,
      loadAverage: round(loadAverage, 2),
    };
  } finally {
    await db.end().catch(() => undefined);
    await dropDatabase(databaseUrl).catch(() => undefined);
  }
}

/** `runs` runs one after another; the figures are their medians, each run kept beside them. */
export async function peerBackfill(chain: LocalChain, generated: GeneratedLoans, runs: number) {
  const all: PeerRun[] = [];
  for (let run = 1; run <= runs; run++) {
    all.push(await once(chain, generated, run));
  }
  const mid = (pick: (run: PeerRun) => number) => median(all.map(pick));
  return {
    peer: PEER,
    runs: all.length,
    seconds: round(
      mid((r) => r.seconds),
      2,
    ),
    eventsPerSecond: Math.round(mid((r) => r.eventsPerSecond)),
    eventsPerSecondAfterStart: Math.round(mid((r) => r.eventsPerSecondAfterStart)),
    each: all,
  };
}
