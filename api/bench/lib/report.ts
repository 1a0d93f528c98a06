/**
 * What api/bench/http.ts prints and records: each endpoint's table, its ratios to the floor and
 * the goals, and one line per endpoint beside its goal.
 */
import { cpus } from 'node:os';

import { medianItem, round, thousands, verdict } from '@lendpath/test-kit/bench/figures';

import type { RunFigures } from './measure.ts';

/** Issue 19's goals. */
export const GOALS = { p99AtRateMs: 50, rate: 500, throughputRatio: 0.8 };
/** A fixed-rate run that achieved less than this share of the rate did not keep up. */
const SUSTAINED = 0.95;

export interface Target {
  key: 'catalogue' | 'feed' | 'marketplace' | 'me' | 'health';
  title: string;
  path: string;
  /** Measured at a fixed rate too (the endpoints of the goal). */
  atRate: boolean;
}

export interface Measured {
  max: RunFigures;
  /** autocannon's overallRate. */
  rate?: RunFigures;
  /** The open-loop generator. */
  paced?: RunFigures;
}

/** One endpoint on the servers. */
export interface Compared extends Record<'api' | 'floor', Measured> {
  /** The floor of the stack (bench/nest-floor-server.ts), at maximum throughput only. */
  nest: Pick<Measured, 'max'>;
  /**
   * API ÷ floor throughput of each set of maximum-throughput runs (`--runs`), in the order run;
   * `max` holds the set whose ratio is the median.
   */
  maxRatios: number[];
  /** The floor of the stack ÷ the floor, of the same sets of runs. */
  stackRatios: number[];
}

export function printTable(title: string, results: Compared): void {
  console.log(`\n${title}`);
  const atRate = results.api.rate !== undefined;
  const head = [
    'server'.padEnd(7),
    'max req/s'.padStart(10),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    ...(atRate
      ? [
          `│ ${GOALS.rate}/s autocannon: req/s`.padStart(27),
          'p50'.padStart(5),
          'p99'.padStart(6),
          `│ ${GOALS.rate}/s paced: req/s`.padStart(22),
          'p50'.padStart(6),
          'p99'.padStart(6),
        ]
      : []),
  ];
  console.log(`  ${head.join(' ')}`);
  for (const name of ['api', 'floor', 'nest'] as const) {
    const { max, rate, paced } = results[name] as Measured;
    const row = [
      name.padEnd(7),
      thousands(max.requestsPerSecond).padStart(10),
      `${max.p50Ms}`.padStart(7),
      `${max.p99Ms}`.padStart(7),
      ...(rate !== undefined && paced !== undefined
        ? [
            `│ ${thousands(rate.requestsPerSecond)}`.padStart(27),
            `${rate.p50Ms}`.padStart(5),
            `${rate.p99Ms}`.padStart(6),
            `│ ${thousands(paced.requestsPerSecond)}`.padStart(22),
            `${paced.p50Ms}`.padStart(6),
            `${paced.p99Ms}`.padStart(6),
          ]
        : []),
    ];
    console.log(`  ${row.join(' ')}`);
  }
  for (const name of ['api', 'floor', 'nest'] as const) {
    for (const [kind, figures] of Object.entries(results[name])) {
      const run = figures as RunFigures;
      if (run.errors > 0 || run.non2xx > 0) {
        console.log(
          `  ! ${name} ${kind}: ${run.errors} connection errors/timeouts, ${run.non2xx} non-2xx` +
            ` answers (${JSON.stringify(run.statusCodes)})`,
        );
      }
    }
    const { paced } = results[name] as Measured;
    const slowest = paced?.slowest;
    if (slowest !== undefined && slowest.length > 0) {
      console.log(
        `  ${name.padEnd(5)} paced, slowest requests (due at s: ms): ` +
          slowest.map(({ dueS, ms }) => `${dueS}: ${ms}`).join(', ') +
          `; the generator's own longest stall: ${paced?.generatorStallMs} ms`,
      );
    }
    const { cpu } = results[name].max;
    console.log(
      `  ${name.padEnd(5)} at maximum, % of one core: server ${cpu.serverPercent}, its Postgres ` +
        `${cpu.postgresPercent}, load generator ${cpu.loadGeneratorPercent}, other processes ` +
        `${cpu.othersPercent}, stolen by the hypervisor ${cpu.stealPercent} (of ` +
        `${cpus().length * 100}); CPU per request: server ${cpu.serverMsPerRequest} ms, ` +
        `Postgres ${cpu.postgresMsPerRequest} ms`,
    );
  }
}

export function ratios(results: Compared) {
  const rps = (name: 'api' | 'floor' | 'nest') => results[name].max.requestsPerSecond;
  const throughput = round(rps('api') / rps('floor'), 2);
  const runs =
    results.maxRatios.length > 1
      ? { throughputRatios: results.maxRatios, stackRatios: results.stackRatios }
      : {};
  const cost = ({ cpu }: RunFigures) => cpu.serverMsPerRequest + cpu.postgresMsPerRequest;
  return {
    throughputRatio: throughput,
    throughputGoal: GOALS.throughputRatio,
    throughputMet: throughput >= GOALS.throughputRatio,
    /** Every run's ratio, when there were several (the one above is their median). */
    ...runs,
    /**
     * The floor's CPU per request (server + Postgres) over the API's: the throughput ratio CPU
     * alone allows, whatever else the machine was doing (its steal and other processes).
     */
    cpuCostRatio: round(cost(results.floor.max) / cost(results.api.max), 2),
    /**
     * The floor of the stack's throughput over the bare floor's (the median of the sets, as
     * printed): the most an app on NestJS and Express could reach of the goal's ratio, framework
     * alone, with no code of its own.
     */
    stackRatio: medianItem(results.stackRatios, (ratio) => ratio)!,
    /**
     * The API's ratio over the stack's floor's (the medians of the sets): how much of what the
     * framework leaves the API keeps.
     */
    ofStackRatio: round(throughput / medianItem(results.stackRatios, (ratio) => ratio)!, 2),
    ...(results.api.rate !== undefined && results.api.paced !== undefined
      ? {
          p99AtRateAutocannonMs: results.api.rate.p99Ms,
          p99AtRatePacedMs: results.api.paced.p99Ms,
          p99GoalMs: GOALS.p99AtRateMs,
          p99MetAutocannon: results.api.rate.p99Ms <= GOALS.p99AtRateMs,
          p99MetPaced: results.api.paced.p99Ms <= GOALS.p99AtRateMs,
          /** Whether the API kept up with the paced rate (else its p99 is a growing queue). */
          sustainedRate: results.api.paced.requestsPerSecond >= SUSTAINED * GOALS.rate,
        }
      : {}),
  };
}

/** ` (median of 0.72, 0.75, 0.77)` when there were several maximum runs; else nothing. */
const ofRuns = (r: ReturnType<typeof ratios>) =>
  r.throughputRatios === undefined ? '' : ` (median of ${r.throughputRatios.join(', ')})`;

/** Every endpoint's figures beside the goals, one line each. */
export function printGoals(printed: [Target, Compared][]): void {
  console.log(
    `\ngoals: throughput ≥ ${GOALS.throughputRatio} × the floor's; p99 ≤ ${GOALS.p99AtRateMs} ms ` +
      `at ${GOALS.rate} req/s paced`,
  );
  for (const [target, results] of printed) {
    const r = ratios(results);
    const p99 = r.p99AtRatePacedMs ?? Number.NaN;
    console.log(
      `  ${target.key.padEnd(12)} throughput ${String(r.throughputRatio).padStart(5)} ` +
        `(${thousands(results.api.max.requestsPerSecond)} / ` +
        `${thousands(results.floor.max.requestsPerSecond)} req/s)${ofRuns(r)} ` +
        `${verdict(r.throughputMet)}; ` +
        `p99 ${p99} ms ${verdict(r.p99MetPaced === true)}` +
        (r.sustainedRate === false ? ' (rate not sustained)' : '') +
        `; the stack's floor ${r.stackRatio}, the API ${r.ofStackRatio} of it`,
    );
  }
}

export function printRatios(r: ReturnType<typeof ratios>): void {
  console.log(
    `  API / floor throughput: ${r.throughputRatio}${ofRuns(r)} (goal ≥ ${r.throughputGoal}: ` +
      `${verdict(r.throughputMet)}); by CPU per request (server + Postgres): ${r.cpuCostRatio}`,
  );
  console.log(
    `  the stack's floor (NestJS on Express, no code of ours) / floor: ${r.stackRatio}` +
      `${r.stackRatios === undefined ? '' : ` (median of ${r.stackRatios.join(', ')})`}; ` +
      `API / the stack's floor: ${r.ofStackRatio}`,
  );
  if (r.p99AtRatePacedMs !== undefined) {
    console.log(
      `  API p99 at ${GOALS.rate} req/s: ${r.p99AtRatePacedMs} ms paced ` +
        `(${round(r.p99AtRatePacedMs / GOALS.p99AtRateMs, 2)}× the goal of ≤ ${r.p99GoalMs} ms: ` +
        `${verdict(r.p99MetPaced === true)}), ${r.p99AtRateAutocannonMs} ms with autocannon's ` +
        `bursts (${verdict(r.p99MetAutocannon === true)})`,
    );
    if (r.sustainedRate === false) {
      console.log(
        `  ! the API did not keep up with ${GOALS.rate} req/s: that p99 is mostly the queue ` +
          `growing behind it, not the latency of one request`,
      );
    }
  }
}
