/** The realtime samples' figures beside their goal, and for (a) where the time went by stage. */
import type { Hex } from 'viem';

import { percentile, round, verdict } from '@lendpath/test-kit/bench/figures';

import type { Sample } from './realtime.ts';
import type { Stack } from './stack.ts';
import { batches } from './timeline.ts';

export function summarise(samples: readonly Sample[], goalP95Ms: number) {
  const stats = (list: readonly Sample[]) => ({
    samples: list.length,
    p50Ms: round(
      percentile(
        list.map((s) => s.ms),
        50,
      ),
      1,
    ),
    p95Ms: round(
      percentile(
        list.map((s) => s.ms),
        95,
      ),
      1,
    ),
    maxMs: round(Math.max(...list.map((s) => s.ms)), 1),
  });
  const all = stats(samples);
  return {
    ...all,
    goalP95Ms,
    ratioToGoal: round(all.p95Ms / goalP95Ms, 2),
    /** Of the total, how long the node took to mine and answer the transaction. */
    mineP50Ms: round(
      percentile(
        samples.map((s) => s.mineMs),
        50,
      ),
      1,
    ),
    byKind: Object.fromEntries(
      (['request', 'fund', 'repay'] as const).map((kind) => [
        kind,
        stats(samples.filter((s) => s.kind === kind)),
      ]),
    ),
  };
}

/** For (a): each stage's p50 and p95 (ms), from the batch that carried each sample's block. */
export async function indexerStages(stack: Stack, samples: readonly Sample[]) {
  const stages = [
    'mine (send → mined)',
    'new head + getLogs (→ commit begins)',
    'commit (→ relay begins)',
    'relay (→ job queued)',
    'queue (→ API worker takes it)',
    'reconcile (→ job done)',
    'stream + GET (→ the API answers)',
  ];
  const durations: number[][] = stages.map(() => []);
  for (const s of samples) {
    const receipt = await stack.chain.rpc<{ blockNumber: Hex }>('eth_getTransactionReceipt', [
      s.hash,
    ]);
    const [batch] = await batches(
      stack,
      `o.from_block <= $1 AND o.to_block >= $1 AND $2::numeric = ANY(o.loan_ids)`,
      [Number(receipt.blockNumber), s.loanId],
    );
    if (batch?.queued === undefined || batch.reconciling === undefined) {
      continue;
    }
    const points = [
      s.sentAt,
      s.minedAt,
      batch.committing,
      batch.relaying,
      batch.queued,
      batch.reconciling,
      batch.reconciled ?? Number.NaN,
      s.seenAt,
    ];
    durations.forEach((list, i) => list.push((points[i + 1] ?? 0) - (points[i] ?? 0)));
  }
  return Object.fromEntries(
    stages.map((stage, i) => [
      stage,
      {
        p50Ms: round(percentile(durations[i] ?? [], 50), 1),
        p95Ms: round(percentile(durations[i] ?? [], 95), 1),
      },
    ]),
  );
}

export function printRealtime(
  title: string,
  s: ReturnType<typeof summarise> & { stages?: Record<string, { p50Ms: number; p95Ms: number }> },
): void {
  console.log(
    `  ${title}: ${s.samples} samples, p50 ${s.p50Ms} ms, p95 ${s.p95Ms} ms (max ${s.maxMs}) = ` +
      `${s.ratioToGoal}× the p95 goal of ${s.goalP95Ms} ms (${verdict(s.p95Ms <= s.goalP95Ms)})`,
  );
  for (const [kind, k] of Object.entries(s.byKind)) {
    console.log(`    ${kind.padEnd(8)} p50 ${k.p50Ms} ms, p95 ${k.p95Ms} ms`);
  }
  console.log(`    of which the node mining the transaction: p50 ${s.mineP50Ms} ms`);
  if (s.stages !== undefined) {
    console.log('    by stage, p50 / p95 ms:');
    for (const [stage, { p50Ms, p95Ms }] of Object.entries(s.stages)) {
      console.log(`      ${stage.padEnd(40)} ${String(p50Ms).padStart(6)} / ${p95Ms}`);
    }
  }
}
