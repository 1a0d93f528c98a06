/**
 * 1. Backfill: from starting the indexer on the generated history until every loan is `repaid` in
 * the API's projection (app.loan_requests).
 */
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

import type { Hex } from 'viem';

import { round, thousands, verdict } from '@lendpath/test-kit/bench/figures';

import { type GeneratedLoans, type Stack, startIndexer } from './stack.ts';
import { batches, rpcTotals } from './timeline.ts';

/** The issue's figures for the same history, events/s. */
export const REFERENCE: Record<string, readonly [number, number]> = {
  Ponder: [1_800, 3_400],
  Subsquid: [14_000, 17_600],
  'plain viem getLogs + COPY + fold script': [12_000, 14_000],
};
/** How often the bench looks at the database during the backfill. */
const BACKFILL_POLL_MS = 20;

export async function backfill(
  stack: Stack,
  generated: GeneratedLoans,
  goalEventsPerSecond: number,
) {
  const head = Number(await stack.chain.rpc<Hex>('eth_blockNumber'));
  const loadAverage = loadavg()[0] ?? 0;
  const spawned = Date.now();
  const { started } = await startIndexer(stack);
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
  return {
    loans: generated.loans,
    events,
    seconds: round(seconds, 2),
    eventsPerSecond: Math.round(events / seconds),
    goalEventsPerSecond: goalEventsPerSecond,
    ratioToGoal: round(events / seconds / goalEventsPerSecond, 2),
    /** The same from the moment the indexer had booted (what the pipeline itself does). */
    eventsPerSecondAfterBoot: Math.round((events * 1_000) / (complete - booted)),
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
    batches: (await batches(stack)).map((batch) => ({
      blocks: `${batch.fromBlock}-${batch.toBlock}`,
      events: batch.events,
      loans: batch.loans,
      commitBegan: after(batch.committing),
      relayBegan: after(batch.relaying),
      queued: after(batch.queued),
      reconcileBegan: after(batch.reconciling),
      reconciled: after(batch.reconciled),
    })),
    indexerRpc: await rpcTotals(stack),
  };
}

export function printBackfill(b: Awaited<ReturnType<typeof backfill>>): void {
  console.log(
    `  ${thousands(b.events)} events (${thousands(b.loans)} loans) in ${b.seconds} s: ` +
      `${thousands(b.eventsPerSecond)} events/s = ${b.ratioToGoal}× the goal of ` +
      `${thousands(b.goalEventsPerSecond)}/s (${verdict(b.ratioToGoal >= 1)})`,
  );
  console.log(
    `  after the indexer had booted: ${thousands(b.eventsPerSecondAfterBoot)} events/s` +
      ` (load average ${b.loadAverage} on ${cpus().length} CPUs)`,
  );
  console.log('  the issue’s reference figures, events/s:');
  for (const [name, [low, high]] of Object.entries(REFERENCE)) {
    console.log(`    ${name.padEnd(40)} ${thousands(low)}–${thousands(high)}`);
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
