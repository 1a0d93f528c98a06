/**
 * Load and what it cost, for api/bench/http.ts: autocannon runs, the paced open-loop generator,
 * and the CPU split of each run read from /proc (the server, its Postgres backends, the load
 * generator, other processes, the hypervisor's steal).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';

import type pg from 'pg';

import type { Child } from '../../../scripts/lib/children.ts';

/** The floor's and the API's Postgres application names (api/src/database/data-source.ts). */
const APPLICATION = { api: 'lendpath-api', floor: 'lendpath-bench-floor' } as const;
/** The paced generator's connection cap: beyond it, due requests queue (and their wait counts). */
export const PACED_MAX_SOCKETS = 128;
const CLOCK_TICK_MS =
  1_000 / (Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100);

export const round = (value: number, digits = 0) => Number(value.toFixed(digits));

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export interface Server {
  name: 'api' | 'floor';
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

/** User + system CPU time of a process so far, ms; undefined when it cannot be read. */
function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (comm) ": state is field 3, utime and stime fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
  } catch {
    return undefined;
  }
}

/**
 * The whole machine's CPU time so far (all cores), ms: busy in this VM, and stolen by the
 * hypervisor for other guests (time this VM's CPUs wanted to run and could not).
 */
function machineCpuMs(): { busy: number; steal: number } {
  // cpu  user nice system idle iowait irq softirq steal …
  const ticks = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = [0, 1, 2, 5, 6].reduce((sum, i) => sum + (ticks[i] ?? 0), 0);
  return { busy: busy * CLOCK_TICK_MS, steal: (ticks[7] ?? 0) * CLOCK_TICK_MS };
}

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

/**
 * An open-loop constant rate: request i is due at i / rate s whatever came back before, and its
 * latency runs from then, so a server that stalls pays for the whole queue behind the stall.
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
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let stopped = false;
  running = { stop: () => (stopped = true) };
  const total = rate * seconds;
  const inFlight = new Set<Promise<void>>();
  const request = (due: number) =>
    new Promise<void>((resolve) => {
      const outgoing = get(url, { agent, headers, timeout: 10_000 }, (response) => {
        const code = `${response.statusCode}`;
        statusCodes[code] = (statusCodes[code] ?? 0) + 1;
        response.resume();
        response.on('end', () => {
          latencies.push(performance.now() - due);
          resolve();
        });
      });
      outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
      outgoing.on('error', () => {
        errors++;
        resolve();
      });
    });
  const before = await cpuMark(db, server);
  const start = performance.now();
  let sent = 0;
  while (sent < total && !stopped) {
    const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1_000) + 1);
    for (; sent < due; sent++) {
      const done = request(start + (sent * 1_000) / rate);
      inFlight.add(done);
      void done.then(() => inFlight.delete(done));
    }
    await sleep(1);
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1_000;
  running = undefined;
  const after = await cpuMark(db, server);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const ok = Object.entries(statusCodes)
    .filter(([code]) => code.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    requestsPerSecond: round(latencies.length / elapsed),
    p50Ms: round(percentile(latencies, 50), 1),
    p99Ms: round(percentile(latencies, 99), 1),
    maxMs: round(latencies.at(-1) ?? Number.NaN, 1),
    requests: sent,
    errors,
    non2xx: latencies.length - ok,
    statusCodes,
    cpu: cpuSplit(before, after, sent),
  };
}
