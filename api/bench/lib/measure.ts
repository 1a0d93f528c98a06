/**
 * Load and what it cost, for api/bench/http.ts: autocannon runs, the paced open-loop generator,
 * and the CPU split of each run read from /proc (the server, its Postgres backends, the load
 * generator, other processes, the hypervisor's steal).
 */
import { Agent, get } from 'node:http';
import { createRequire } from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

import type pg from 'pg';

import { percentile, round } from '@lendpath/test-kit/bench/figures';
import { machineCpuMs, processCpuMs } from '@lendpath/test-kit/bench/proc';
import type { Child } from '@lendpath/test-kit/children';

/**
 * Each server's Postgres application name (the API's: api/src/database/data-source.ts; the
 * floors': bench/floor-server.ts, bench/nest-floor-server.ts).
 */
const APPLICATION = {
  api: 'lendpath-api',
  floor: 'lendpath-bench-floor',
  nest: 'lendpath-bench-nest-floor',
} as const;
/** The paced generator's connection cap: beyond it, due requests queue (and their wait counts). */
export const PACED_MAX_SOCKETS = 128;

export interface Server {
  /** The API, the bare floor, or the floor of the stack (NestJS on Express). */
  name: keyof typeof APPLICATION;
  child: Child;
  url: string;
  /** The API's inspector port (with --cpu-prof). */
  inspectPort?: number;
}

// ─── autocannon (CommonJS without types: the part this bench uses) ───────────────────────────

interface Histogram {
  average: number;
  p50: number;
  p99: number;
  max: number;
}

interface AutocannonResult {
  requests: Histogram & { total: number; sent: number };
  latency: Histogram;
  throughput: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}

export interface AutocannonOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  duration: number;
  overallRate?: number;
}

type AutocannonRun = PromiseLike<AutocannonResult> & { stop(): void };

const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: AutocannonOptions,
) => AutocannonRun;

// ─── Where the CPU went: /proc ──────────────────────────────────────────────────────────────

interface CpuMark {
  at: number;
  server: number;
  backends: Map<number, number>;
  bench: NodeJS.CpuUsage;
  machine: { busy: number; steal: number };
}

/** Percent of one core over the run, and CPU ms per request. */
export interface CpuSplit {
  serverPercent: number;
  postgresPercent: number;
  loadGeneratorPercent: number;
  /** Other processes of this machine. */
  othersPercent: number;
  /** Taken by the hypervisor: the machine had that much less CPU than it has cores. */
  stealPercent: number;
  serverMsPerRequest: number;
  postgresMsPerRequest: number;
}

async function cpuMark(db: pg.Client, server: Server): Promise<CpuMark> {
  const { rows } = await db.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
    [APPLICATION[server.name]],
  );
  return {
    at: performance.now(),
    server: processCpuMs(server.child.process.pid ?? 0) ?? Number.NaN,
    backends: new Map(rows.map(({ pid }) => [pid, processCpuMs(pid) ?? Number.NaN])),
    bench: process.cpuUsage(),
    machine: machineCpuMs(),
  };
}

function cpuSplit(before: CpuMark, after: CpuMark, requests: number): CpuSplit {
  const wall = after.at - before.at;
  const server = after.server - before.server;
  // A backend opened during the run counts from zero; one closed during it is lost (rare).
  let postgres = 0;
  for (const [pid, ms] of after.backends) {
    postgres += ms - (before.backends.get(pid) ?? 0);
  }
  const { user, system } = process.cpuUsage(before.bench);
  const bench = (user + system) / 1_000;
  const machine = after.machine.busy - before.machine.busy;
  const percent = (ms: number) => round((ms / wall) * 100);
  return {
    serverPercent: percent(server),
    postgresPercent: percent(postgres),
    loadGeneratorPercent: percent(bench),
    othersPercent: percent(Math.max(0, machine - server - postgres - bench)),
    stealPercent: percent(after.machine.steal - before.machine.steal),
    serverMsPerRequest: round(server / Math.max(1, requests), 3),
    postgresMsPerRequest: round(postgres / Math.max(1, requests), 3),
  };
}

// ─── The load ───────────────────────────────────────────────────────────────────────────────

export interface RunFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  /** Connection errors and timeouts, and answers other than 2xx: all must be 0. */
  errors: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  cpu: CpuSplit;
  /**
   * Paced runs: when (s into the run) the slowest requests were due, with their latency (ms),
   * so a stall shows as one moment rather than spread over the run.
   */
  slowest?: { dueS: number; ms: number }[];
  /**
   * Paced runs: the longest the generator's own event loop was held up (ms, p100 of
   * `monitorEventLoopDelay`). A stall here delays sending, and counts against the server.
   */
  generatorStallMs?: number;
}

let running: { stop(): void } | undefined;

/** Stops the run under way, if any (on Ctrl-C). */
export function stopRunning(): void {
  running?.stop();
}

export async function cannon(
  db: pg.Client,
  server: Server,
  options: AutocannonOptions,
): Promise<RunFigures> {
  const before = await cpuMark(db, server);
  const instance = autocannon(options);
  running = instance;
  const result = await instance;
  running = undefined;
  const after = await cpuMark(db, server);
  return {
    requestsPerSecond: round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
    ),
    cpu: cpuSplit(before, after, result.requests.total),
  };
}

/** Paced runs begin with this long at the rate, unrecorded: the generator opens its connections. */
export const PACED_LEAD_IN_S = 1;

/**
 * An open-loop constant rate: request i is due at i / rate s whatever came back before, and its
 * latency runs from then, so a server that stalls pays for the whole queue behind the stall.
 * The first {@link PACED_LEAD_IN_S} s are sent at the same rate and not recorded, and the
 * recorded window follows without a pause: without it, the first requests waited for the
 * generator's own connections to open (measured: the 5–10 slowest requests of every run, on both
 * servers, were all due in its first 20 ms), and that start-up, not the server, set the p99.
 */
export async function paced(
  db: pg.Client,
  server: Server,
  url: string,
  headers: Record<string, string>,
  rate: number,
  seconds: number,
): Promise<RunFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: PACED_MAX_SOCKETS });
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  const latencies: number[] = [];
  const timed: { dueS: number; ms: number }[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let stopped = false;
  running = { stop: () => (stopped = true) };
  const leadIn = rate * PACED_LEAD_IN_S;
  const total = leadIn + rate * seconds;
  const inFlight = new Set<Promise<void>>();
  const request = (due: number, recorded: boolean) =>
    new Promise<void>((resolve) => {
      const outgoing = get(url, { agent, headers, timeout: 10_000 }, (response) => {
        response.resume();
        response.on('end', () => {
          if (recorded) {
            const code = `${response.statusCode}`;
            statusCodes[code] = (statusCodes[code] ?? 0) + 1;
            const ms = performance.now() - due;
            latencies.push(ms);
            timed.push({ dueS: round((due - recordedFrom) / 1_000, 3), ms: round(ms, 1) });
          }
          resolve();
        });
      });
      outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
      outgoing.on('error', () => {
        errors++;
        resolve();
      });
    });
  const start = performance.now();
  const recordedFrom = start + PACED_LEAD_IN_S * 1_000;
  loopDelay.enable();
  let before: Promise<CpuMark> | undefined;
  let sent = 0;
  while (sent < total && !stopped) {
    const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1_000) + 1);
    for (; sent < due; sent++) {
      // Not awaited: the schedule goes on while the mark is read.
      if (sent === leadIn) {
        before = cpuMark(db, server);
      }
      const done = request(start + (sent * 1_000) / rate, sent >= leadIn);
      inFlight.add(done);
      void done.then(() => inFlight.delete(done));
    }
    await sleep(1);
  }
  await Promise.all(inFlight);
  loopDelay.disable();
  const elapsed = (performance.now() - recordedFrom) / 1_000;
  running = undefined;
  const after = await cpuMark(db, server);
  agent.destroy();
  const measured = Math.max(0, sent - leadIn);
  latencies.sort((a, b) => a - b);
  const ok = Object.entries(statusCodes)
    .filter(([code]) => code.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    requestsPerSecond: round(latencies.length / elapsed),
    p50Ms: round(percentile(latencies, 50), 1),
    p99Ms: round(percentile(latencies, 99), 1),
    maxMs: round(latencies.at(-1) ?? Number.NaN, 1),
    requests: measured,
    errors,
    non2xx: latencies.length - ok,
    statusCodes,
    cpu: cpuSplit(await (before ?? cpuMark(db, server)), after, measured),
    slowest: timed.sort((a, b) => b.ms - a.ms).slice(0, 5),
    generatorStallMs: round(loopDelay.max / 1e6, 1),
  };
}
