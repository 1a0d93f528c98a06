/**
 * The API's HTTP benchmark (`npm run bench -w api`; `npm run bench` runs every workspace's).
 *
 * Four member endpoints under load, each beside its floor:
 *   - GET /academy/feed, the catalogue: CATALOGUE_SQL, shaped into trending + by category;
 *   - GET /community/feed/:categoryId?page=1&limit=20, the newest page of the busiest category;
 *   - GET /microlending/requests?page=1&limit=10, the marketplace's first page (and its count);
 *   - GET /users/me, the member's own detail.
 * The floor (bench/floor-server.ts) is bare node:http + pg (a Pool of 10, TypeORM's default)
 * running the same SQL text and JSON.stringify-ing the rows: what no framework could beat. The
 * floor of the stack (bench/nest-floor-server.ts) does the same on NestJS and Express with no
 * code of ours (no middleware, no auth, no shaping): its ratio to the floor is what the framework
 * costs, the API's ratio to it what our own per-request work costs (both share lib/floor-reads.ts).
 *
 * For each endpoint, after a warm-up, each kind of run on the API then at once on the floor (so
 * that a machine whose speed drifts skews their ratio as little as it can), the floor of the
 * stack after them in the maximum-throughput runs only:
 *   (a) maximum throughput: autocannon, N connections for D s → requests/s, p50, p99;
 *   (b) 500 req/s with autocannon's `overallRate` (50 connections) → achieved rate, p50, p99.
 *       autocannon paces per connection and per second: each connection sends its share
 *       back to back at the top of every second, so this is 500 requests in a burst of 50 in
 *       flight each second, and its coordinated-omission correction (on by default) assumes 1 ms
 *       between requests. Hence also:
 *   (c) 500 req/s paced: an open-loop generator in this process sends one request every 2 ms
 *       whatever the answers, and times each from when it was due (so a stall counts in full),
 *       after a 1 s lead-in at the same rate that opens its connections (not recorded).
 *       A server that cannot keep up is reported as such: its p99 is then the queue growing.
 * GET /health (no auth, no database) is measured as in (a) too: the framework's own ceiling.
 * Goals (issue 19): p99 ≤ 50 ms at 500 req/s, and at least 0.8 × the floor's throughput.
 *
 * The load generator runs in this process, on the same 2-core machine as the servers and
 * Postgres: every figure is for all of them sharing it. Each run's CPU split is printed, from
 * /proc: the server, its Postgres backends, the load generator, other processes, and the time the
 * hypervisor stole from this VM. From it, the CPU each request cost (server + Postgres), and the
 * API / floor ratio of those costs: what the throughput ratio would be with CPU the only limit,
 * which holds up far better than requests/s when the machine is disturbed (and says so).
 *
 * The data: the seed (courses, community categories, demo members), then, in bulk, 2,000 members
 * enrolled in 1–3 courses each with some modules done and a course or two saved, 5,000 posts
 * (2,400 in the busiest category, a fifth with an image), a few hundred reports (posts reported
 * three times are hidden) and blocks (the bench member blocks a dozen of that category's
 * authors), 1,500 members with a linked wallet and 3,000 loans between them (half open). The
 * requests are the bench member's, with a token signed as the API signs them.
 *
 * Prints the figures with their ratios to the goals, writes them to bench/results.json. A missed
 * goal is reported, not an error: the exit code is for failures. Everything it starts is private
 * (a database, a Redis key prefix, free ports) and removed afterwards, also on Ctrl-C; the API
 * runs from dist, rebuilt first when a source is newer. `--cpu-prof` also profiles the API
 * (through its inspector) during one more maximum-throughput run per endpoint, and prints where
 * its CPU time went.
 *
 *   npm run bench -w api [-- --duration 10 --connections 32 --warmup 3 --runs 1 --cpu-prof
 *                            --only catalogue,feed,marketplace,me,health]
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

import pg from 'pg';
import { format, resolveConfig } from 'prettier';

import { answers, run, startChild, stopChildren, waitUntil } from '@lendpath/test-kit/children';
import { freePort } from '@lendpath/test-kit/ports';
import {
  dropDatabase,
  ensureDatabase,
  uniqueDatabaseName,
  withDatabase,
} from '@lendpath/test-kit/postgres';
import { postgresServerUrl, redisUrl } from '@lendpath/test-kit/services';
import { deleteKeys } from '@lendpath/test-kit/test-services';
import { medianItem, round, thousands } from '@lendpath/test-kit/bench/figures';
import { loopSeconds, speedLine } from '@lendpath/test-kit/bench/speed';
import { signToken } from '@lendpath/test-kit/bench/token';
import { load } from './lib/data.ts';
import {
  cannon,
  PACED_LEAD_IN_S,
  PACED_MAX_SOCKETS,
  paced,
  type RunFigures,
  type Server,
  stopRunning,
} from './lib/measure.ts';
import { printProfile, profileApi } from './lib/profile.ts';
import {
  GOALS,
  type Compared,
  type Measured,
  printGoals,
  printRatios,
  printTable,
  ratios,
  type Target,
} from './lib/report.ts';
import { compareAnswers } from './lib/answers.ts';

/** autocannon's connections for the fixed-rate runs: enough that 500 req/s never waits on one. */
const RATE_CONNECTIONS = 50;
/** Other processes taking more than this % of one core during a run disturb the figures. */
const DISTURBED_PERCENT = 20;

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    warmup: { type: 'string', default: '3' },
    /** Maximum-throughput runs per endpoint and server, alternating; the median pair is kept. */
    runs: { type: 'string', default: '1' },
    'cpu-prof': { type: 'boolean', default: false },
    /** Comma-separated endpoint keys (catalogue, feed, marketplace, me, health): only these. */
    only: { type: 'string' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const WARMUP = Number(args.warmup);
const RUNS = Number(args.runs);
for (const [name, value] of Object.entries({ DURATION, CONNECTIONS, WARMUP, RUNS })) {
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`--${name.toLowerCase()} must be a positive number`);
  }
}
if (!Number.isInteger(RUNS)) {
  throw new Error('--runs must be a whole number');
}

const root = join(import.meta.dirname, '..', '..');
const node = process.execPath;
const logDir = join(tmpdir(), `lendpath-api-bench-${process.pid}`);

// ─── The servers ────────────────────────────────────────────────────────────────────────────

async function startApi(env: {
  databaseUrl: string;
  redis: string;
  prefix: string;
  jwtSecret: string;
}): Promise<Server> {
  const port = await freePort();
  const inspectPort = args['cpu-prof'] ? await freePort() : undefined;
  const child = startChild({
    name: 'api',
    command: node,
    args: [
      ...(inspectPort === undefined ? [] : [`--inspect=127.0.0.1:${inspectPort}`]),
      join(root, 'api/dist/main.js'),
    ],
    cwd: root,
    logDir,
    env: {
      // Production logs less; it changes nothing else in main.ts.
      NODE_ENV: 'production',
      API_HOST: '127.0.0.1',
      API_PORT: `${port}`,
      DATABASE_URL: env.databaseUrl,
      REDIS_URL: env.redis,
      QUEUE_PREFIX: env.prefix,
      // The API reads the chain and sends mail only on demand, and nothing here asks it to.
      RPC_URL: 'http://127.0.0.1:9',
      DEPLOYMENT_FILE: join(root, 'api/test/fixtures/deployment.json'),
      SMTP_URL: 'smtp://127.0.0.1:1',
      CODE_SECRET: randomBytes(32).toString('hex'),
      JWT_SECRET: env.jwtSecret,
      NOTICE_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_API_URL: `http://127.0.0.1:${port}`,
      UPLOAD_DIR: join(logDir, 'uploads'),
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(child, 'HTTP', answers(`${url}/health`));
  return { name: 'api', child, url, inspectPort };
}

/** The two floors: bare node:http, and the least NestJS on Express can do. */
const FLOORS = {
  floor: { script: 'api/bench/floor-server.ts' },
  nest: { script: 'api/bench/nest-floor-server.ts' },
} as const;

async function startFloor(
  name: keyof typeof FLOORS,
  databaseUrl: string,
  callerId: string,
): Promise<Server> {
  const port = await freePort();
  const child = startChild({
    name,
    command: node,
    args: [join(root, FLOORS[name].script)],
    cwd: root,
    logDir,
    env: {
      DATABASE_URL: databaseUrl,
      FLOOR_PORT: `${port}`,
      BENCH_CALLER_ID: callerId,
      // api/test/fixtures/deployment.json, the API's deployment here.
      BENCH_CHAIN_ID: '31337',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(child, 'HTTP', answers(`${url}/health`));
  return { name, child, url };
}

/**
 * One endpoint on the servers, run kind by run kind: the API, then the floor (then, for maximum
 * throughput, the floor of the stack). Each set of figures is taken a few seconds apart, so a
 * machine whose speed drifts (other guests of the host, other processes) skews their ratios as
 * little as it can. The floor of the stack is measured at maximum throughput only: it is there to
 * say how much of the API's gap is the framework's, and no goal is set on it.
 */
async function measure(
  db: pg.Client,
  servers: Record<Server['name'], Server>,
  target: Target,
  headers: Record<string, string>,
): Promise<Compared> {
  const each = async <Name extends Server['name']>(
    what: string,
    names: readonly Name[],
    measureOne: (server: Server, url: string) => Promise<RunFigures>,
  ): Promise<Record<Name, RunFigures>> => {
    process.stdout.write(`${what === 'warm-up' ? ' ' : ', '}${what}`);
    const figures: Partial<Record<Name, RunFigures>> = {};
    for (const name of names) {
      const server = servers[name];
      figures[name] = await measureOne(server, `${server.url}${target.path}`);
      // Each run starts from an idle server, once the last one's queue has drained.
      await sleep(1_000);
    }
    return figures as Record<Name, RunFigures>;
  };
  const all = ['api', 'floor', 'nest'] as const;
  const maximum = (server: Server, url: string) =>
    cannon(db, server, { url, headers, connections: CONNECTIONS, duration: DURATION });
  process.stdout.write(`  ${target.title}:`);
  await each('warm-up', all, (server, url) =>
    cannon(db, server, { url, headers, connections: CONNECTIONS, duration: WARMUP }),
  );
  // Sets of maximum-throughput runs, the three servers in turn each time: the figures kept are
  // the set whose API ÷ floor ratio is the median.
  const sets: Record<Server['name'], RunFigures>[] = [];
  for (let run = 1; run <= RUNS; run++) {
    sets.push(await each(RUNS === 1 ? 'maximum' : `maximum ${run}/${RUNS}`, all, maximum));
  }
  const ratioOf = (set: (typeof sets)[number]) =>
    set.api.requestsPerSecond / set.floor.requestsPerSecond;
  const maxRatios = sets.map((set) => round(ratioOf(set), 2));
  const stackRatios = sets.map((set) =>
    round(set.nest.requestsPerSecond / set.floor.requestsPerSecond, 2),
  );
  const max = medianItem(sets, ratioOf)!;
  const measured = { nest: { max: max.nest }, maxRatios, stackRatios };
  if (!target.atRate) {
    process.stdout.write('\n');
    return { api: { max: max.api }, floor: { max: max.floor }, ...measured };
  }
  const goal = ['api', 'floor'] as const;
  const rate = await each(`${GOALS.rate} req/s (autocannon)`, goal, (server, url) =>
    cannon(db, server, {
      url,
      headers,
      connections: RATE_CONNECTIONS,
      duration: DURATION,
      overallRate: GOALS.rate,
    }),
  );
  const pacedRuns = await each(`${GOALS.rate} req/s (paced)`, goal, (server, url) =>
    paced(db, server, url, headers, GOALS.rate, DURATION),
  );
  process.stdout.write('\n');
  return {
    api: { max: max.api, rate: rate.api, paced: pacedRuns.api },
    floor: { max: max.floor, rate: rate.floor, paced: pacedRuns.floor },
    ...measured,
  };
}

// ─── The API's profile (--cpu-prof) ─────────────────────────────────────────────────────────

// ─── Main ───────────────────────────────────────────────────────────────────────────────────

async function main(): Promise<void> {
  const redis = redisUrl();
  const prefix = `bench-api-${randomBytes(4).toString('hex')}`;
  const databaseUrl = withDatabase(postgresServerUrl(), uniqueDatabaseName('lendpath_api_bench'));
  const servers: Server[] = [];
  let db: pg.Client | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      stopRunning();
      await stopChildren(
        servers.map((server) => server.child),
        10_000,
      );
      await db?.end().catch(() => undefined);
      await dropDatabase(databaseUrl).catch(() => undefined);
      await deleteKeys(redis, `${prefix}:*`).catch(() => undefined);
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`\n${signal}: stopping and cleaning up…`);
      void cleanUp().finally(() => process.exit(130));
    });
  }

  try {
    const speedSeconds = loopSeconds();
    console.log(speedLine(speedSeconds));
    console.log(`logs in ${logDir}`);
    const loadAverageBefore = loadavg().map((v) => round(v, 2));

    await ensureDatabase(databaseUrl);
    const dbEnv = { DATABASE_URL: databaseUrl, NODE_ENV: 'development' };
    await run(node, ['api/dist/database/migrate.js'], { cwd: root, env: dbEnv });
    // Development: the demo members too (seed.cli.ts).
    await run(node, ['api/dist/database/seed.cli.js'], { cwd: root, env: dbEnv });
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const data = await load(db);
    console.log(
      `data: ${Object.entries(data.counts)
        .map(([name, count]) => `${thousands(count)} ${name}`)
        .join(', ')} (${data.seconds} s)`,
    );

    const jwtSecret = randomBytes(32).toString('hex');
    const headers = { authorization: `Bearer ${await signToken(data.callerId, jwtSecret)}` };
    servers.push(await startApi({ databaseUrl, redis, prefix, jwtSecret }));
    servers.push(await startFloor('floor', databaseUrl, data.callerId));
    servers.push(await startFloor('nest', databaseUrl, data.callerId));
    const [api, floor, nest] = servers as [Server, Server, Server];

    const targets: Target[] = [
      { key: 'catalogue', title: 'GET /academy/feed', path: '/academy/feed', atRate: true },
      {
        key: 'feed',
        title: 'GET /community/feed/:categoryId?page=1&limit=20',
        path: `/community/feed/${data.categoryId}?page=1&limit=20`,
        atRate: true,
      },
      {
        key: 'marketplace',
        title: 'GET /microlending/requests?page=1&limit=10',
        path: '/microlending/requests?page=1&limit=10',
        atRate: true,
      },
      { key: 'me', title: 'GET /users/me', path: '/users/me', atRate: true },
      {
        key: 'health',
        title: 'GET /health (no auth, no database)',
        path: '/health',
        atRate: false,
      },
    ];
    const only = args.only?.split(',');
    if (only !== undefined) {
      targets.splice(0, targets.length, ...targets.filter(({ key }) => only.includes(key)));
    }
    const sizes = await compareAnswers(servers, targets, headers);
    console.log(
      `load generator: autocannon 9 in this process (one thread) on the same machine, ` +
        `${cpus().length} CPUs, load average ${loadAverageBefore.join(' ')}; ` +
        `${WARMUP} s warm-up, ${DURATION} s per run, ${CONNECTIONS} connections at maximum, ` +
        `${RATE_CONNECTIONS} at ${GOALS.rate} req/s\n`,
    );

    const endpoints: Record<string, unknown> = {};
    const printed: [Target, Compared][] = [];
    const profiles: Record<string, Awaited<ReturnType<typeof profileApi>>> = {};
    for (const target of targets) {
      const results = await measure(db, { api, floor, nest }, target, headers);
      if (args['cpu-prof']) {
        process.stdout.write(`  ${target.title} on the api: profiled maximum run\n`);
        profiles[target.key] = await profileApi(db, api, target, headers, {
          duration: DURATION,
          connections: CONNECTIONS,
          logDir,
        });
      }
      printed.push([target, results]);
      endpoints[target.key] = {
        path: target.path,
        responseBytes: sizes[target.key],
        ...results,
        ratios: ratios(results),
      };
    }
    const loadAverageAfter = loadavg().map((v) => round(v, 2));

    for (const [target, results] of printed) {
      const size = sizes[target.key];
      printTable(`${target.title} (answers: api ${size?.api} B, floors ${size?.floor} B)`, results);
      if (target.atRate) {
        printRatios(ratios(results));
      }
      const profile = profiles[target.key];
      if (profile !== undefined) {
        printProfile(target.title, profile);
      }
    }
    printGoals(printed.filter(([target]) => target.atRate));
    console.log(
      `\nmachine: ${cpus().length} CPUs (${cpus()[0]?.model}), load average ` +
        `${loadAverageBefore.join(' ')} before, ${loadAverageAfter.join(' ')} after`,
    );
    const disturbanceMaxPercent = Math.max(
      ...printed.flatMap(([, results]) =>
        [results.api, results.floor, results.nest].flatMap((measured: Measured) =>
          Object.values(measured).map(
            ({ cpu }: RunFigures) => cpu.othersPercent + cpu.stealPercent,
          ),
        ),
      ),
    );
    if (disturbanceMaxPercent > DISTURBED_PERCENT) {
      console.log(
        `! other processes and the hypervisor's steal took up to ${disturbanceMaxPercent} % ` +
          `of one core during a run: the figures are disturbed (the CPU-per-request ratios ` +
          `much less so); measure again on a quiet machine`,
      );
    }

    const results = {
      measuredAt: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        cpu: cpus()[0]?.model,
        node: process.version,
        loopSeconds: speedSeconds,
        loadAverageBefore,
        loadAverageAfter,
        /** The most CPU other processes and the hypervisor's steal took in a run, % of a core. */
        disturbanceMaxPercent,
        disturbed: disturbanceMaxPercent > DISTURBED_PERCENT,
      },
      settings: {
        durationS: DURATION,
        warmupS: WARMUP,
        connections: CONNECTIONS,
        rate: GOALS.rate,
        rateConnections: RATE_CONNECTIONS,
        maximumRuns: RUNS,
        pacedMaxSockets: PACED_MAX_SOCKETS,
        pacedLeadInS: PACED_LEAD_IN_S,
        loadGenerator: 'autocannon 9 (and the paced generator) in the bench process, one thread',
      },
      goals: GOALS,
      data: data.counts,
      endpoints,
      ...(args['cpu-prof'] ? { apiProfiles: profiles } : {}),
    };
    const file = join(root, 'api/bench/results.json');
    // Formatted as the repository's other files, so that committing it keeps `format:check` green.
    const options = { ...(await resolveConfig(file)), filepath: file };
    writeFileSync(file, await format(JSON.stringify(results), options));
    console.log(`written to ${file}`);
  } finally {
    await cleanUp();
  }
}

await main();
