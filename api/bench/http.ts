/**
 * The API's HTTP benchmark (`npm run bench -w api`; `npm run bench` runs every workspace's).
 *
 * Two member endpoints under load, each beside its floor:
 *   - GET /academy/feed, the catalogue: CATALOGUE_SQL, shaped into trending + by category;
 *   - GET /community/feed/:categoryId?page=1&limit=20, the newest page of the busiest category.
 * The floor (bench/floor-server.ts) is bare node:http + pg (a Pool of 10, TypeORM's default)
 * running the same SQL text and JSON.stringify-ing the rows: what no framework could beat.
 *
 * For each endpoint, after a warm-up, each kind of run on the API then at once on the floor (so
 * that a machine whose speed drifts skews their ratio as little as it can):
 *   (a) maximum throughput: autocannon, N connections for D s → requests/s, p50, p99;
 *   (b) 500 req/s with autocannon's `overallRate` (50 connections) → achieved rate, p50, p99.
 *       autocannon paces per connection and per second: each connection sends its share
 *       back to back at the top of every second, so this is 500 requests in a burst of 50 in
 *       flight each second, and its coordinated-omission correction (on by default) assumes 1 ms
 *       between requests. Hence also:
 *   (c) 500 req/s paced: an open-loop generator in this process sends one request every 2 ms
 *       whatever the answers, and times each from when it was due (so a stall counts in full).
 *       A server that cannot keep up is reported as such: its p99 is then the queue growing.
 * GET /health (no auth, no database) is measured as in (a) too: the framework's own ceiling.
 * Goal (the issue): p99 ≤ 50 ms at 500 req/s, and at least 0.6 × the floor's throughput.
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
 * authors). The requests are the bench member's, with a token signed as the API signs them.
 *
 * Prints the figures with their ratios to the goals, writes them to bench/results.json. A missed
 * goal is reported, not an error: the exit code is for failures. Everything it starts is private
 * (a database, a Redis key prefix, free ports) and removed afterwards, also on Ctrl-C; the API
 * runs from dist, rebuilt first when a source is newer. `--cpu-prof` also profiles the API
 * (through its inspector) during one more maximum-throughput run per endpoint, and prints where
 * its CPU time went.
 *
 *   npm run bench -w api [-- --duration 10 --connections 32 --warmup 3 --no-build --cpu-prof]
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

import { SignJWT } from 'jose';
import pg from 'pg';
import { format, resolveConfig } from 'prettier';

import {
  answers,
  type Child,
  run,
  startChild,
  stopChildren,
  waitUntil,
} from '../../scripts/lib/children.ts';
import { buildIfStale, unbuilt } from '../../scripts/lib/build.ts';
import { freePort } from '../../scripts/lib/ports.ts';
import {
  dropDatabase,
  ensureDatabase,
  uniqueDatabaseName,
  withDatabase,
} from '../../scripts/lib/postgres.ts';
import { postgresServerUrl, redisUrl } from '../../scripts/lib/services.ts';
import { deleteKeys } from '../../scripts/lib/test-services.ts';

const GOALS = { p99AtRateMs: 50, rate: 500, throughputRatio: 0.6 };
/** autocannon's connections for the fixed-rate runs: enough that 500 req/s never waits on one. */
const RATE_CONNECTIONS = 50;
/** The paced generator's connection cap: beyond it, due requests queue (and their wait counts). */
const PACED_MAX_SOCKETS = 128;
/** Other processes taking more than this % of one core during a run disturb the figures. */
const DISTURBED_PERCENT = 20;
/** A fixed-rate run that achieved less than this share of the rate did not keep up. */
const SUSTAINED = 0.95;
const LOAD = { members: 2_000, posts: 5_000, busiestCategoryPosts: 2_400, reportedPosts: 100 };
/** api/src/community/post-view.ts REPORTS_TO_HIDE: reports from this many members hide a post. */
const REPORTS_TO_HIDE = 3;
/** The floor's and the API's Postgres application names (api/src/database/data-source.ts). */
const APPLICATION = { api: 'lendpath-api', floor: 'lendpath-bench-floor' } as const;

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    warmup: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const WARMUP = Number(args.warmup);
for (const [name, value] of Object.entries({ DURATION, CONNECTIONS, WARMUP })) {
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`--${name.toLowerCase()} must be a positive number`);
  }
}

const root = join(import.meta.dirname, '..', '..');
const node = process.execPath;
const logDir = join(tmpdir(), `lendpath-api-bench-${process.pid}`);
const CLOCK_TICK_MS =
  1_000 / (Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100);

const round = (value: number, digits = 0) => Number(value.toFixed(digits));
const thousands = (value: number) => value.toLocaleString('en');

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
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

interface AutocannonOptions {
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

// ─── The data ───────────────────────────────────────────────────────────────────────────────

/** The seed's content plus a realistic crowd, in bulk; the same every run (setseed). */
async function load(db: pg.Client) {
  const started = performance.now();
  const { members, posts, busiestCategoryPosts, reportedPosts } = LOAD;
  await db.query('BEGIN');
  await db.query('SELECT setseed(0.42)');
  await db.query(
    `INSERT INTO app.users (email, phone, fullname, password_hash, email_verified_at, created_at)
     SELECT format('member-%s@bench.lendpath.test', i), format('+1 555 %s', lpad(i::text, 7, '0')),
            format('Bench Member %s', i), 'not-a-password-hash', now(),
            now() - make_interval(days => i % 365)
     FROM generate_series(1, $1::int) AS i`,
    [members],
  );
  await db.query(
    `CREATE TEMP TABLE bench_members ON COMMIT DROP AS
     SELECT id, row_number() OVER (ORDER BY email)::int AS n
     FROM app.users WHERE email LIKE '%@bench.lendpath.test'`,
  );
  await db.query(
    `CREATE TEMP TABLE bench_courses ON COMMIT DROP AS
     SELECT c.id, c.module_count,
            (row_number() OVER (ORDER BY cat.position, c.position) - 1)::int AS k
     FROM app.courses c JOIN app.academy_categories cat ON cat.id = c.category_id`,
  );
  await db.query(
    `CREATE TEMP TABLE bench_categories ON COMMIT DROP AS
     SELECT id, (row_number() OVER (ORDER BY position) - 1)::int AS k
     FROM app.community_categories`,
  );
  const [{ courses, categories }] = (
    await db.query<{ courses: number; categories: number }>(
      `SELECT (SELECT count(*)::int FROM bench_courses) AS courses,
              (SELECT count(*)::int FROM bench_categories) AS categories`,
    )
  ).rows as [{ courses: number; categories: number }];
  if (courses === 0 || categories === 0) {
    throw new Error(`the seed made ${courses} courses and ${categories} community categories`);
  }
  // 1–3 courses each, the first ones the most popular (random() * random() leans low).
  await db.query(
    `INSERT INTO app.enrollments (user_id, course_id, starred_at, created_at)
     SELECT m.id, c.id, CASE WHEN random() < 0.2 THEN now() END,
            now() - random() * interval '90 days'
     FROM (SELECT id, floor(random() * random() * $1::int)::int AS first,
                  1 + floor(random() * 3)::int AS courses
           FROM bench_members) m
     CROSS JOIN LATERAL generate_series(0, m.courses - 1) AS j
     JOIN bench_courses c ON c.k = (m.first + j) % $1::int
     ON CONFLICT DO NOTHING`,
    [courses],
  );
  await db.query(
    `UPDATE app.courses c
     SET members_count = (SELECT count(*) FROM app.enrollments e WHERE e.course_id = c.id)`,
  );
  // The first 0..all modules of each enrolment done, quiz passed.
  await db.query(
    `INSERT INTO app.module_progress
       (enrollment_id, module_id, completed_at, quiz_score, quiz_attempts, quiz_completed_at)
     SELECT e.id, m.id, e.created_at + interval '1 day', 50 + floor(random() * 51)::int,
            1 + floor(random() * 3)::int, e.created_at + interval '1 day'
     FROM (SELECT e.id, e.course_id, e.created_at,
                  floor(random() * (c.module_count + 1))::int AS done
           FROM app.enrollments e JOIN bench_courses c ON c.id = e.course_id) e
     JOIN app.course_modules m ON m.course_id = e.course_id AND m.position < e.done`,
  );
  await db.query(
    `INSERT INTO app.saved_courses (user_id, course_id, created_at)
     SELECT m.id, c.id, now() - random() * interval '60 days'
     FROM (SELECT id, floor(random() * $1::int)::int AS first, 1 + floor(random() * 2)::int AS saved
           FROM bench_members) m
     CROSS JOIN LATERAL generate_series(0, m.saved - 1) AS j
     JOIN bench_courses c ON c.k = (m.first + 2 * j) % $1::int
     ON CONFLICT DO NOTHING`,
    [courses],
  );
  // The busiest category (the first) gets `busiestCategoryPosts`; the others share the rest.
  await db.query(
    `INSERT INTO app.posts (user_id, category_id, content, media_path, created_at)
     SELECT m.id, cat.id,
            left(repeat((ARRAY[
              'Paid back my first micro-loan today, two days early. ',
              'Does anyone else keep their seed phrase on paper only? ',
              'The stablecoins module finally made USDC click for me. ',
              'Looking for advice on a first loan for my shop''s stock. ',
              'Reminder: nobody from support will ever ask for your keys. ',
              'How do you all decide on an interest rate as a lender? '
            ])[1 + i % 6], 1 + i % 9), 5000),
            CASE WHEN i % 5 = 0 THEN format('/uploads/posts/%s.webp', md5(i::text)) END,
            now() - random() * interval '60 days'
     FROM generate_series(1, $1::int) AS i
     JOIN bench_members m ON m.n = 1 + (i * 7919) % $2::int
     JOIN bench_categories cat
       ON cat.k = CASE WHEN i <= $3::int OR $4::int = 1 THEN 0
                       ELSE 1 + i % greatest($4::int - 1, 1) END`,
    [posts, members, busiestCategoryPosts, categories],
  );
  // Some posts reported by 1–5 members; those with REPORTS_TO_HIDE or more are hidden.
  await db.query(
    `INSERT INTO app.post_reports (post_id, reporter_id, reason)
     SELECT p.id, m.id, 'Looks like a scam'
     FROM (SELECT id, row_number() OVER (ORDER BY random())::int AS r FROM app.posts) p
     CROSS JOIN LATERAL generate_series(1, 1 + p.r % 5) AS j
     JOIN bench_members m ON m.n = 1 + (p.r * 31 + j * 101) % $2::int
     WHERE p.r <= $1::int
     ON CONFLICT DO NOTHING`,
    [reportedPosts, members],
  );
  await db.query(
    `UPDATE app.posts p
     SET report_count = r.count, hidden_at = CASE WHEN r.count >= $1::int THEN now() END
     FROM (SELECT post_id, count(*)::int AS count FROM app.post_reports GROUP BY post_id) r
     WHERE r.post_id = p.id`,
    [REPORTS_TO_HIDE],
  );
  await db.query(
    `INSERT INTO app.user_blocks (blocker_id, blocked_id)
     SELECT a.id, b.id
     FROM generate_series(1, 300) AS i
     JOIN bench_members a ON a.n = 1 + (i * 13) % $1::int
     JOIN bench_members b ON b.n = 1 + (i * 977) % $1::int
     WHERE a.id <> b.id
     ON CONFLICT DO NOTHING`,
    [members],
  );
  // The bench member: enrolled in two courses or more, progress in one, a course saved.
  const caller = (
    await db.query<{ id: string }>(
      `SELECT m.id FROM bench_members m
       WHERE (SELECT count(*) FROM app.enrollments e WHERE e.user_id = m.id) >= 2
         AND EXISTS (SELECT 1 FROM app.module_progress mp
                     JOIN app.enrollments e ON e.id = mp.enrollment_id WHERE e.user_id = m.id)
         AND EXISTS (SELECT 1 FROM app.saved_courses s WHERE s.user_id = m.id)
       ORDER BY m.n LIMIT 1`,
    )
  ).rows[0]?.id;
  const busiest = (await db.query<{ id: string }>(`SELECT id FROM bench_categories WHERE k = 0`))
    .rows[0]?.id;
  if (caller === undefined || busiest === undefined) {
    throw new Error('no bench member or community category to read as');
  }
  await db.query(
    `INSERT INTO app.user_blocks (blocker_id, blocked_id)
     SELECT $1::uuid, user_id FROM (
       SELECT DISTINCT user_id FROM app.posts
       WHERE category_id = $2::uuid AND user_id <> $1::uuid LIMIT 12
     ) authors
     ON CONFLICT DO NOTHING`,
    [caller, busiest],
  );
  await db.query('COMMIT');
  await db.query(
    `VACUUM (ANALYZE) app.users, app.enrollments, app.module_progress, app.saved_courses,
       app.courses, app.posts, app.post_reports, app.user_blocks`,
  );
  const [counts] = (
    await db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM app.users) AS members,
              (SELECT count(*)::int FROM app.courses) AS courses,
              (SELECT count(*)::int FROM app.course_modules) AS modules,
              (SELECT count(*)::int FROM app.enrollments) AS enrolments,
              (SELECT count(*)::int FROM app.module_progress) AS "modulesDone",
              (SELECT count(*)::int FROM app.saved_courses) AS saved,
              (SELECT count(*)::int FROM app.community_categories) AS "communityCategories",
              (SELECT count(*)::int FROM app.posts) AS posts,
              (SELECT count(*)::int FROM app.posts WHERE category_id = $1)
                AS "busiestCategoryPosts",
              (SELECT count(*)::int FROM app.posts WHERE media_path IS NOT NULL)
                AS "postsWithImage",
              (SELECT count(*)::int FROM app.post_reports) AS reports,
              (SELECT count(*)::int FROM app.posts WHERE hidden_at IS NOT NULL) AS "hiddenPosts",
              (SELECT count(*)::int FROM app.user_blocks) AS blocks,
              (SELECT count(*)::int FROM app.user_blocks WHERE blocker_id = $2) AS "callerBlocks"`,
      [busiest, caller],
    )
  ).rows as [Record<string, number>];
  return {
    callerId: caller,
    categoryId: busiest,
    counts,
    seconds: round((performance.now() - started) / 1_000, 1),
  };
}

// ─── The servers ────────────────────────────────────────────────────────────────────────────

interface Server {
  name: 'api' | 'floor';
  child: Child;
  url: string;
  /** The API's inspector port (with --cpu-prof). */
  inspectPort?: number;
}

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
      UPLOAD_DIR: join(logDir, 'uploads'),
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(child, 'HTTP', answers(`${url}/health`));
  return { name: 'api', child, url, inspectPort };
}

async function startFloor(databaseUrl: string, callerId: string): Promise<Server> {
  const port = await freePort();
  const child = startChild({
    name: 'floor',
    command: node,
    args: [join(root, 'api/bench/floor-server.ts')],
    cwd: root,
    logDir,
    env: { DATABASE_URL: databaseUrl, FLOOR_PORT: `${port}`, BENCH_CALLER_ID: callerId },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(child, 'HTTP', answers(`${url}/health`));
  return { name: 'floor', child, url };
}

/** An access token for `userId`, as api/src/auth/sessions/sessions.ts signs them. */
function signToken(userId: string, secret: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer('lendpath')
    .setAudience('lendpath-api')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(secret));
}

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
interface CpuSplit {
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

interface Target {
  key: 'catalogue' | 'feed' | 'health';
  title: string;
  path: string;
  /** Measured at a fixed rate too (the endpoints of the goal). */
  atRate: boolean;
}

interface RunFigures {
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

async function cannon(
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
async function paced(
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

interface Measured {
  max: RunFigures;
  /** autocannon's overallRate. */
  rate?: RunFigures;
  /** The open-loop generator. */
  paced?: RunFigures;
}

/**
 * One endpoint on both servers, run kind by run kind, the API then the floor: each pair of
 * figures is taken a few seconds apart, so a machine whose speed drifts (other guests of the
 * host, other processes) skews their ratio as little as it can.
 */
async function measure(
  db: pg.Client,
  servers: Record<'api' | 'floor', Server>,
  target: Target,
  headers: Record<string, string>,
): Promise<Record<'api' | 'floor', Measured>> {
  const both = async (
    what: string,
    measureOne: (server: Server, url: string) => Promise<RunFigures>,
  ): Promise<Record<'api' | 'floor', RunFigures>> => {
    process.stdout.write(`${what === 'warm-up' ? ' ' : ', '}${what}`);
    const figures: Partial<Record<'api' | 'floor', RunFigures>> = {};
    for (const server of [servers.api, servers.floor]) {
      figures[server.name] = await measureOne(server, `${server.url}${target.path}`);
      // Each run starts from an idle server, once the last one's queue has drained.
      await sleep(1_000);
    }
    return figures as Record<'api' | 'floor', RunFigures>;
  };
  process.stdout.write(`  ${target.title}:`);
  await both('warm-up', (server, url) =>
    cannon(db, server, { url, headers, connections: CONNECTIONS, duration: WARMUP }),
  );
  const max = await both('maximum', (server, url) =>
    cannon(db, server, { url, headers, connections: CONNECTIONS, duration: DURATION }),
  );
  if (!target.atRate) {
    process.stdout.write('\n');
    return { api: { max: max.api }, floor: { max: max.floor } };
  }
  const rate = await both(`${GOALS.rate} req/s (autocannon)`, (server, url) =>
    cannon(db, server, {
      url,
      headers,
      connections: RATE_CONNECTIONS,
      duration: DURATION,
      overallRate: GOALS.rate,
    }),
  );
  const pacedRuns = await both(`${GOALS.rate} req/s (paced)`, (server, url) =>
    paced(db, server, url, headers, GOALS.rate, DURATION),
  );
  process.stdout.write('\n');
  return {
    api: { max: max.api, rate: rate.api, paced: pacedRuns.api },
    floor: { max: max.floor, rate: rate.floor, paced: pacedRuns.floor },
  };
}

// ─── The API's profile (--cpu-prof) ─────────────────────────────────────────────────────────

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

/**
 * Stages of answering a request, each the samples with such a frame anywhere on their stack:
 * inclusive, so they overlap (a row parsed inside TypeORM's query counts in both).
 */
const STAGES: [string, (frame: CallFrame) => boolean][] = [
  ['verify the token (jose, WebCrypto HMAC)', (f) => f.url.includes('/jose/')],
  ['ETag (a hash of each answer)', (f) => f.url.includes('/etag/')],
  [
    'JSON.stringify the answer',
    (f) => f.functionName === 'stringify' && (f.url === '' || f.url.includes('express/lib')),
  ],
  [
    'pg: send, receive, parse rows',
    (f) => /node_modules\/(pg|pg-protocol|pg-types|postgres-date|pg-pool)\//.test(f.url),
  ],
  ['TypeORM', (f) => f.url.includes('node_modules/typeorm/')],
  ['the API’s own code (handlers, guard, interceptor)', (f) => f.url.includes('/api/dist/')],
  [
    'write the response (node http, writev)',
    (f) => f.url === 'node:_http_outgoing' || f.functionName === 'writev',
  ],
  ['garbage collector', (f) => f.functionName === '(garbage collector)'],
];

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
}

/** One DevTools-protocol session with a process started with --inspect. */
async function inspector(port: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  if (target === undefined) {
    throw new Error(`no inspector target on port ${port}`);
  }
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) {
      waiting.get(message.id)?.(message.result);
      waiting.delete(message.id);
    }
  });
  return {
    send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
      const id = nextId++;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise<T>((resolve) => waiting.set(id, resolve as (result: unknown) => void));
    },
    close: () => socket.close(),
  };
}

/** Where a profile's samples fell: by package (or the API's own folder) and by function. */
function summariseProfile(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const msPerSample = (profile.endTime - profile.startTime) / 1_000 / profile.samples.length;
  const where = (node: ProfileNode): string => {
    const { functionName, url } = node.callFrame;
    if (url === '') {
      return functionName.startsWith('(') ? functionName : `(native) ${functionName}`;
    }
    if (url.startsWith('node:')) {
      return `node:${url
        .replace(/^node:(internal\/)?/, '')
        .split('/')[0]
        ?.replace(/\.js$/, '')}`;
    }
    const modules = url.lastIndexOf('node_modules/');
    if (modules >= 0) {
      const [scope = '', name = ''] = url.slice(modules + 'node_modules/'.length).split('/');
      return scope.startsWith('@') ? `${scope}/${name}` : scope;
    }
    const own = /\/api\/dist\/(.+)$/.exec(url);
    return own === null ? url : `api: ${own[1]!.split('/').slice(0, -1).join('/') || own[1]}`;
  };
  const parents = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) {
      parents.set(child, node.id);
    }
  }
  /** The stages on a node's stack (memoised: nodes share their ancestors). */
  const stagesCache = new Map<number, Set<string>>();
  const stagesOf = (id: number | undefined): Set<string> => {
    if (id === undefined) {
      return new Set();
    }
    let stages = stagesCache.get(id);
    if (stages === undefined) {
      stages = new Set(stagesOf(parents.get(id)));
      const frame = byId.get(id)?.callFrame;
      for (const [stage, matches] of STAGES) {
        if (frame !== undefined && matches(frame)) {
          stages.add(stage);
        }
      }
      stagesCache.set(id, stages);
    }
    return stages;
  };
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const byStage = new Map<string, number>(STAGES.map(([stage]) => [stage, 0]));
  for (const id of profile.samples) {
    const node = byId.get(id);
    if (node === undefined) {
      continue;
    }
    for (const stage of stagesOf(id)) {
      byStage.set(stage, (byStage.get(stage) ?? 0) + msPerSample);
    }
    const place = where(node);
    byPlace.set(place, (byPlace.get(place) ?? 0) + msPerSample);
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^.*node_modules\//, '').replace(/^.*\/api\/dist\//, 'api/dist/');
    const location = url === '' ? '' : ` ${file}:${lineNumber + 1}`;
    const name = `${functionName || '(anonymous)'}${location}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + msPerSample);
  }
  const total = profile.samples.length * msPerSample;
  const busy = total - (byPlace.get('(idle)') ?? 0);
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .filter(([name]) => name !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => ({ name, ms: round(ms), percentOfBusy: round((ms / busy) * 100, 1) }));
  return {
    wallMs: round(total),
    busyMs: round(busy),
    stages: top(byStage, STAGES.length),
    byPlace: top(byPlace, 15),
    byFunction: top(byFunction, 15),
  };
}

async function profileApi(
  db: pg.Client,
  api: Server,
  target: Target,
  headers: Record<string, string>,
) {
  const session = await inspector(api.inspectPort!);
  try {
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 200 });
    await session.send('Profiler.start');
    const run = await cannon(db, api, {
      url: `${api.url}${target.path}`,
      headers,
      connections: CONNECTIONS,
      duration: DURATION,
    });
    const { profile } = await session.send<{ profile: CpuProfile }>('Profiler.stop');
    const file = join(logDir, `api-${target.key}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    return { file, requestsPerSecond: run.requestsPerSecond, ...summariseProfile(profile) };
  } finally {
    session.close();
  }
}

// ─── Output ─────────────────────────────────────────────────────────────────────────────────

const verdict = (ok: boolean) => (ok ? 'meets it' : 'MISSES it');

function printTable(title: string, results: Record<'api' | 'floor', Measured>): void {
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
  for (const name of ['api', 'floor'] as const) {
    const { max, rate, paced } = results[name];
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
  for (const name of ['api', 'floor'] as const) {
    for (const [kind, figures] of Object.entries(results[name])) {
      const run = figures as RunFigures;
      if (run.errors > 0 || run.non2xx > 0) {
        console.log(
          `  ! ${name} ${kind}: ${run.errors} connection errors/timeouts, ${run.non2xx} non-2xx` +
            ` answers (${JSON.stringify(run.statusCodes)})`,
        );
      }
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

function ratios(results: Record<'api' | 'floor', Measured>) {
  const throughput = round(
    results.api.max.requestsPerSecond / results.floor.max.requestsPerSecond,
    2,
  );
  const cost = ({ cpu }: RunFigures) => cpu.serverMsPerRequest + cpu.postgresMsPerRequest;
  return {
    throughputRatio: throughput,
    throughputGoal: GOALS.throughputRatio,
    throughputMet: throughput >= GOALS.throughputRatio,
    /**
     * The floor's CPU per request (server + Postgres) over the API's: the throughput ratio CPU
     * alone allows, whatever else the machine was doing (its steal and other processes).
     */
    cpuCostRatio: round(cost(results.floor.max) / cost(results.api.max), 2),
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

function printRatios(r: ReturnType<typeof ratios>): void {
  console.log(
    `  API / floor throughput: ${r.throughputRatio} (goal ≥ ${r.throughputGoal}: ` +
      `${verdict(r.throughputMet)}); by CPU per request (server + Postgres): ${r.cpuCostRatio}`,
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

function printProfile(title: string, p: Awaited<ReturnType<typeof profileApi>>): void {
  console.log(
    `\n  API profile, ${title} (${thousands(p.requestsPerSecond)} req/s while profiled; ` +
      `busy ${p.busyMs} of ${p.wallMs} ms; ${p.file}):`,
  );
  console.log('    stages (inclusive: every sample with such a frame on its stack; they overlap):');
  for (const { name, ms, percentOfBusy } of p.stages) {
    console.log(`      ${`${percentOfBusy} %`.padStart(7)} ${String(ms).padStart(6)} ms  ${name}`);
  }
  console.log('    self time by place:');
  for (const { name, ms, percentOfBusy } of p.byPlace) {
    console.log(`      ${`${percentOfBusy} %`.padStart(7)} ${String(ms).padStart(6)} ms  ${name}`);
  }
  console.log('    self time by function:');
  for (const { name, ms, percentOfBusy } of p.byFunction) {
    console.log(`      ${`${percentOfBusy} %`.padStart(7)} ${String(ms).padStart(6)} ms  ${name}`);
  }
}

// ─── Main ───────────────────────────────────────────────────────────────────────────────────

async function responseOf(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`GET ${url}: HTTP ${response.status} ${text.slice(0, 500)}`);
  }
  return { bytes: Buffer.byteLength(text), data: (JSON.parse(text) as { data: unknown }).data };
}

interface CatalogueView {
  trending: unknown[];
  byCategory: { courses: { _id: string }[] }[];
}

/** Both servers answer, and with the same rows (the API shapes the catalogue's). */
async function compareAnswers(
  servers: Server[],
  targets: Target[],
  headers: Record<string, string>,
) {
  const sizes: Record<string, Record<string, number>> = {};
  for (const target of targets) {
    const [api, floor] = await Promise.all(
      servers.map((server) => responseOf(`${server.url}${target.path}`, headers)),
    );
    sizes[target.key] = { api: api!.bytes, floor: floor!.bytes };
    if (target.key === 'catalogue') {
      const courses = (api!.data as CatalogueView).byCategory.flatMap((group) =>
        group.courses.map((course) => course._id),
      );
      const rows = (floor!.data as { id: string }[]).map((row) => row.id);
      if (JSON.stringify(courses) !== JSON.stringify(rows)) {
        console.log(
          `  ! the catalogue's courses differ: api ${courses.length}, floor ${rows.length}`,
        );
      }
    } else if (JSON.stringify(api!.data) !== JSON.stringify(floor!.data)) {
      console.log(`  ! ${target.path}: the API and the floor answered differently`);
    }
  }
  return sizes;
}

async function main(): Promise<void> {
  const redis = redisUrl();
  const prefix = `bench-api-${randomBytes(4).toString('hex')}`;
  const databaseUrl = withDatabase(postgresServerUrl(), uniqueDatabaseName('lendpath_api_bench'));
  const servers: Server[] = [];
  let db: pg.Client | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      running?.stop();
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
    if (!args['no-build']) {
      await buildIfStale(['api']);
    } else if (unbuilt('api')) {
      throw new Error('api/dist is missing: run without --no-build, or `npm run build -w api`');
    }
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
    servers.push(await startFloor(databaseUrl, data.callerId));
    const [api, floor] = servers as [Server, Server];

    const targets: Target[] = [
      { key: 'catalogue', title: 'GET /academy/feed', path: '/academy/feed', atRate: true },
      {
        key: 'feed',
        title: 'GET /community/feed/:categoryId?page=1&limit=20',
        path: `/community/feed/${data.categoryId}?page=1&limit=20`,
        atRate: true,
      },
      {
        key: 'health',
        title: 'GET /health (no auth, no database)',
        path: '/health',
        atRate: false,
      },
    ];
    const sizes = await compareAnswers(servers, targets, headers);
    console.log(
      `load generator: autocannon 9 in this process (one thread) on the same machine, ` +
        `${cpus().length} CPUs, load average ${loadAverageBefore.join(' ')}; ` +
        `${WARMUP} s warm-up, ${DURATION} s per run, ${CONNECTIONS} connections at maximum, ` +
        `${RATE_CONNECTIONS} at ${GOALS.rate} req/s\n`,
    );

    const endpoints: Record<string, unknown> = {};
    const printed: [Target, Record<'api' | 'floor', Measured>][] = [];
    const profiles: Record<string, Awaited<ReturnType<typeof profileApi>>> = {};
    for (const target of targets) {
      const results = await measure(db, { api, floor }, target, headers);
      if (args['cpu-prof'] && target.key !== 'health') {
        process.stdout.write(`  ${target.title} on the api: profiled maximum run\n`);
        profiles[target.key] = await profileApi(db, api, target, headers);
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
      printTable(`${target.title} (answers: api ${size?.api} B, floor ${size?.floor} B)`, results);
      if (target.atRate) {
        printRatios(ratios(results));
      }
      const profile = profiles[target.key];
      if (profile !== undefined) {
        printProfile(target.title, profile);
      }
    }
    console.log(
      `\nmachine: ${cpus().length} CPUs (${cpus()[0]?.model}), load average ` +
        `${loadAverageBefore.join(' ')} before, ${loadAverageAfter.join(' ')} after`,
    );
    const disturbanceMaxPercent = Math.max(
      ...printed.flatMap(([, results]) =>
        Object.values(results).flatMap((measured: Measured) =>
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
        pacedMaxSockets: PACED_MAX_SOCKETS,
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
