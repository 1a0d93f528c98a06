/** The realtime samples' figures beside their goal, and for (a) where the time went by stage. */
import type { Hex } from 'viem';

import { percentile, round, verdict } from '@lendpath/test-kit/bench/figures';

import type { Sample } from './realtime.ts';
import type { Stack } from './stack.ts';
import { batches } from './timeline.ts';

/** (a)'s stages, in the order a sample goes through them. */
const STAGES = [
  'mine (send → mined)',
  'new head + getLogs (→ commit begins)',
  'commit (→ relay begins)',
  'relay (→ job queued)',
  'queue (→ API worker takes it)',
  'reconcile (→ job done)',
  'stream + GET (→ the API answers)',
];

/** How many of the slowest samples are printed one by one (the p95 of 30 is the second-slowest). */
const SLOWEST = 3;

/** The {@link SLOWEST} slowest of `list`, slowest first. */
const slowestOf = <T extends { ms: number }>(list: readonly T[]): T[] =>
  list.toSorted((a, b) => b.ms - a.ms).slice(0, SLOWEST);

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
    /** The samples that set the p95, and how long the node took to mine each. */
    slowest: slowestOf(samples).map((s) => ({
      kind: s.kind,
      ms: round(s.ms, 1),
      mineMs: round(s.mineMs, 1),
    })),
  };
}

/**
 * For (a): each stage's p50 and p95 (ms), from the batch that carried each sample's block, and
 * the slowest samples stage by stage: a stall shows in the stage it hit (a p95 of 90 samples is
 * the fifth-slowest, so the percentiles alone cannot say where it went).
 */
export async function indexerStages(stack: Stack, samples: readonly Sample[]) {
  const staged: { kind: Sample['kind']; ms: number; stageMs: number[] }[] = [];
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
    const stageMs = STAGES.map((_, i) => (points[i + 1] ?? 0) - (points[i] ?? 0));
    staged.push({ kind: s.kind, ms: s.ms, stageMs });
  }
  const byStage = (stageMs: readonly number[]) =>
    Object.fromEntries(STAGES.map((stage, i) => [stage, round(stageMs[i] ?? Number.NaN, 1)]));
  return {
    percentiles: Object.fromEntries(
      STAGES.map((stage, i) => {
        const durations = staged.map((s) => s.stageMs[i] ?? Number.NaN);
        return [
          stage,
          {
            p50Ms: round(percentile(durations, 50), 1),
            p95Ms: round(percentile(durations, 95), 1),
          },
        ];
      }),
    ),
    slowest: slowestOf(staged).map((s) => ({
      kind: s.kind,
      ms: round(s.ms, 1),
      stages: byStage(s.stageMs),
    })),
  };
}

export function printRealtime(
  title: string,
  s: ReturnType<typeof summarise> & { stages?: Awaited<ReturnType<typeof indexerStages>> },
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
    for (const [stage, { p50Ms, p95Ms }] of Object.entries(s.stages.percentiles)) {
      console.log(`      ${stage.padEnd(40)} ${String(p50Ms).padStart(6)} / ${p95Ms}`);
    }
    console.log(`    the ${SLOWEST} slowest, ms by stage:`);
    for (const { kind, ms, stages } of s.stages.slowest) {
      const parts = Object.entries(stages).map(([stage, v]) => `${stage.split(' (')[0]} ${v}`);
      console.log(`      ${kind} ${ms}: ${parts.join(', ')}`);
    }
  } else {
    const slowest = s.slowest.map(({ kind, ms, mineMs }) => `${kind} ${ms} (mine ${mineMs})`);
    console.log(`    the ${SLOWEST} slowest, ms: ${slowest.join(', ')}`);
  }
}
