/**
 * 1. Backfill: from starting the indexer on the generated history until every loan is `repaid` in
 * the API's projection (app.loan_requests), beside the peer (peer.ts) on the same history.
 */
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

import type { Hex } from 'viem';

import { round, thousands, verdict } from '@lendpath/test-kit/bench/figures';

import type { peerBackfill } from './peer.ts';
import { type GeneratedLoans, type Stack, startIndexer } from './stack.ts';
import { type Batch, batches, decodeMs, rpcTotals, statementLog } from './timeline.ts';

/** How often the bench looks at the database during the backfill. */
const BACKFILL_POLL_MS = 20;

export interface BackfillGoals {
  eventsPerSecond: number;
  /** Once the indexer has booted. */
  eventsPerSecondAfterBoot: number;
  /** Ours ÷ the peer's events/s, both from spawning the process. */
  ratioToPeer: number;
}

export async function backfill(
  stack: Stack,
  generated: GeneratedLoans,
  goals: BackfillGoals,
  peer: Awaited<ReturnType<typeof peerBackfill>> | undefined,
) {
  const goalEventsPerSecond = goals.eventsPerSecond;
  const head = Number(await stack.chain.rpc<Hex>('eth_blockNumber'));
  const statements = await statementLog(stack);
  const loadAverage = loadavg()[0] ?? 0;
  const spawned = Date.now();
  const { started, warmSentMs } = await startIndexer(stack, statements?.databaseUrl);
  let cursorAtHead: number | undefined;
  let complete: number | undefined;
  // Cheap probes: the cursor is one row by primary key, and the count runs only once the cursor
  // has reached the head (the last repayments are in the last blocks: it cannot be done before).
  while (complete === undefined) {
    for (const child of [stack.indexer, stack.api]) {
      if (child !== undefined && child.process.exitCode !== null) {
        throw new Error(`the ${child.name} exited during the backfill:\n${child.tail()}`);
      }
    }
    if (Date.now() > spawned + 180_000) {
      throw new Error(
        `the backfill was not done after 180 s (cursor at the head: ${cursorAtHead !== undefined})` +
          `\nindexer:\n${stack.indexer?.tail()}\napi:\n${stack.api.tail()}`,
      );
    }
    if (cursorAtHead === undefined) {
      const { rows } = await stack.db.query<{ cursor_block: string }>(
        `SELECT cursor_block FROM indexer.sources`,
      );
      if (rows[0] !== undefined && Number(rows[0].cursor_block) >= head) {
        cursorAtHead = Date.now();
      }
    }
    if (cursorAtHead !== undefined) {
      const { rows } = await stack.db.query<{ repaid: number }>(
        `SELECT count(*)::int AS repaid FROM app.loan_requests WHERE status = 'repaid'`,
      );
      if ((rows[0]?.repaid ?? 0) >= generated.loans) {
        complete = Date.now();
        break;
      }
    }
    await sleep(BACKFILL_POLL_MS);
  }
  const { rows } = await stack.db.query<{ events: number }>(
    `SELECT count(*)::int AS events FROM indexer.chain_events`,
  );
  const events = rows[0]?.events ?? 0;
  if (events !== generated.events) {
    throw new Error(`the event store holds ${events} events; the chain has ${generated.events}`);
  }
  const booted = await started;
  const seconds = (complete - spawned) / 1_000;
  const after = (at: number | undefined) => (at === undefined ? null : Math.round(at - spawned));
  // BullMQ marks a job done just after the API's transaction commits: wait for that (briefly),
  // so that the fold's end is known.
  let committed = await batches(stack);
  for (
    let tries = 0;
    tries < 100 && committed.some((b) => b.reconciling !== undefined && b.reconciled === undefined);
    tries++
  ) {
    await sleep(BACKFILL_POLL_MS);
    committed = await batches(stack);
  }
  const rpc = await rpcTotals(stack);
  const eventsPerSecond = events / seconds;
  const eventsPerSecondAfterBoot = (events * 1_000) / (complete - booted);
  return {
    loans: generated.loans,
    events,
    seconds: round(seconds, 2),
    eventsPerSecond: Math.round(eventsPerSecond),
    goalEventsPerSecond: goalEventsPerSecond,
    ratioToGoal: round(eventsPerSecond / goalEventsPerSecond, 2),
    /** The same from the moment the indexer had booted (what the pipeline itself does). */
    eventsPerSecondAfterBoot: Math.round(eventsPerSecondAfterBoot),
    goalEventsPerSecondAfterBoot: goals.eventsPerSecondAfterBoot,
    ratioToGoalAfterBoot: round(eventsPerSecondAfterBoot / goals.eventsPerSecondAfterBoot, 2),
    /** The peer on the same history (its median run), and ours ÷ it. */
    peer:
      peer === undefined
        ? null
        : {
            ...peer,
            ratio: round(eventsPerSecond / peer.eventsPerSecond, 2),
            ratioAfterStart: round(eventsPerSecondAfterBoot / peer.eventsPerSecondAfterStart, 2),
            goalRatio: goals.ratioToPeer,
          },
    /** 1-minute load average of the machine when the indexer started. */
    loadAverage: round(loadAverage, 2),
    /** Milliseconds after starting the indexer. */
    timeline: {
      indexerStarted: after(booted),
      cursorAtHead: after(cursorAtHead),
      headBlock: head,
      projectionComplete: after(complete),
    },
    /** Each committed batch, in milliseconds after starting the indexer. */
    batches: committed.map((batch) => ({
      blocks: `${batch.fromBlock}-${batch.toBlock}`,
      events: batch.events,
      loans: batch.loans,
      commitBegan: after(batch.committing),
      relayBegan: after(batch.relaying),
      queued: after(batch.queued),
      reconcileBegan: after(batch.reconciling),
      reconciled: after(batch.reconciled),
    })),
    indexerRpc: rpc,
    stages: await stages(stack, {
      bootMs: booted - spawned,
      warmSentMs: warmSentMs(),
      rpc,
      committed,
      statements: await statements?.read(),
      fromBlock: stack.chain.deployment.lending.deployBlock,
      head,
    }),
  };
}

/**
 * The backfill's time by stage, ms: boot, getLogs and the other RPC round trips (the indexer's
 * metrics), decode (its decoder re-timed here), COPY and commit (Postgres's statement log), relay
 * and fold (the outbox rows and the chain-events jobs; each job once).
 */
async function stages(
  stack: Stack,
  run: {
    bootMs: number;
    warmSentMs: number | undefined;
    rpc: Awaited<ReturnType<typeof rpcTotals>>;
    committed: Batch[];
    statements: { copyMs: number[]; commitMs: number[] } | undefined;
    fromBlock: number;
    head: number;
  },
) {
  const sum = (values: readonly number[]) =>
    round(
      values.reduce((a, b) => a + b, 0),
      1,
    );
  const jobs = [...new Map(run.committed.map((b) => [b.queued, b])).values()].filter(
    (b): b is Required<Batch> => b.queued !== undefined && b.reconciled !== undefined,
  );
  const getLogs = run.rpc.eth_getLogs ?? { calls: 0, s: 0 };
  const otherRpc = Object.entries(run.rpc).filter(([method]) => method !== 'eth_getLogs');
  const decoded = await decodeMs(stack, run.fromBlock, run.head);
  return {
    // The warm start asks for the first range before the app loads: the node works on it
    // during the boot (indexer/src/follower/warm-start.ts).
    warmStart: {
      ms: run.warmSentMs ?? null,
      how:
        run.warmSentMs === undefined
          ? 'no range asked for before the app loaded (see the indexer log)'
          : 'process start → the first range asked for, before the app loads (the indexer log)',
    },
    indexerBoot: { ms: Math.round(run.bootMs), how: 'spawn → “indexer started”' },
    // The indexer asks for a range's pieces at once: their times overlap, and the sum is more
    // than the wall time they took (the batches' timeline below shows that).
    getLogs: {
      ms: round(getLogs.s * 1_000),
      how: `${getLogs.calls} eth_getLogs (RPC metric; the sum of calls that overlap)`,
    },
    otherRpc: {
      ms: round(otherRpc.reduce((total, [, { s }]) => total + s * 1_000, 0)),
      how: `${otherRpc.map(([method, { calls }]) => `${calls} ${method}`).join(', ')} (summed)`,
    },
    decode: {
      ms: decoded.ms,
      how: `decodeLendingLog on the ${thousands(decoded.logs)} logs, re-timed in the bench`,
    },
    copy:
      run.statements === undefined
        ? { ms: null, how: 'not measured (no readable server log, or not a superuser)' }
        : {
            ms: sum(run.statements.copyMs),
            how: `${run.statements.copyMs.length} COPY (Postgres statement log)`,
          },
    commit:
      run.statements === undefined
        ? { ms: null, how: 'not measured' }
        : {
            ms: sum(run.statements.commitMs),
            how: `${run.statements.commitMs.length} COMMIT after them (Postgres statement log)`,
          },
    relay: {
      ms: sum(jobs.map((b) => b.queued - b.relaying)),
      how: `${jobs.length} job(s): relay began → job queued`,
    },
    queue: { ms: sum(jobs.map((b) => b.reconciling - b.queued)), how: 'job queued → API took it' },
    fold: {
      ms: sum(jobs.map((b) => b.reconciled - b.reconciling)),
      how: 'the API’s set-based reconcile: job taken → done',
    },
  };
}

export function printBackfill(b: Awaited<ReturnType<typeof backfill>>): void {
  console.log(
    `  ${thousands(b.events)} events (${thousands(b.loans)} loans) in ${b.seconds} s: ` +
      `${thousands(b.eventsPerSecond)} events/s = ${b.ratioToGoal}× the goal of ` +
      `${thousands(b.goalEventsPerSecond)}/s (${verdict(b.ratioToGoal >= 1)})`,
  );
  console.log(
    `  after the indexer had booted: ${thousands(b.eventsPerSecondAfterBoot)} events/s = ` +
      `${b.ratioToGoalAfterBoot}× the goal of ${thousands(b.goalEventsPerSecondAfterBoot)}/s ` +
      `(${verdict(b.ratioToGoalAfterBoot >= 1)}; load average ${b.loadAverage} on ` +
      `${cpus().length} CPUs)`,
  );
  const peer = b.peer;
  if (peer !== null) {
    console.log(
      `  the peer, ${peer.peer}, median of ${peer.runs} run(s): ${thousands(peer.eventsPerSecond)}` +
        ` events/s (${thousands(peer.eventsPerSecondAfterStart)}/s after its start-up)`,
    );
    console.log(
      `  ours ÷ the peer: ${peer.ratio}× (${peer.ratioAfterStart}× after start-up) against the goal` +
        ` of ≥ ${peer.goalRatio}× (${verdict(peer.ratio >= peer.goalRatio)})`,
    );
  }
  console.log('  where the time went, ms:');
  for (const [stage, { ms, how }] of Object.entries(b.stages)) {
    console.log(`    ${stage.padEnd(12)} ${String(ms ?? '—').padStart(7)}  ${how}`);
  }
  const t = b.timeline;
  console.log('  ms after starting the indexer:');
  console.log(`    ${'indexer booted'.padEnd(40)} ${t.indexerStarted}`);
  console.log(`    ${`cursor at the head (block ${t.headBlock})`.padEnd(40)} ${t.cursorAtHead}`);
  console.log(`    ${'projection complete'.padEnd(40)} ${t.projectionComplete}`);
  console.log(
    '  batches, ms after starting the indexer: commit began (getLogs + decode done) → relay' +
      ' began (committed) → job queued → reconcile began → done',
  );
  for (const batch of b.batches) {
    const stages = [
      batch.commitBegan,
      batch.relayBegan,
      batch.queued,
      batch.reconcileBegan,
      batch.reconciled,
    ];
    console.log(
      `    blocks ${batch.blocks.padEnd(8)} ${String(batch.events).padStart(6)} events, ` +
        `${String(batch.loans).padStart(6)} loans: ${stages.map((v) => v ?? '—').join(' → ')}`,
    );
  }
  const rpc = Object.entries(b.indexerRpc).map(([m, { calls, s }]) => `${m} ${calls}× ${s} s`);
  console.log(`  indexer RPC: ${rpc.join(', ')}`);
}
