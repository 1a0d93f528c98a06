/**
 * The indexer's benchmarks (`npm run bench -w indexer`; `npm run bench` runs every workspace's):
 *
 * 1. Backfill: 16,700 loans requested, funded and repaid on a private Hardhat node (50,100 stored
 *    events), then the built API and indexer as child processes on a fresh database. The clock
 *    runs from starting the indexer until every loan is `repaid` in the API's projection
 *    (app.loan_requests). Goal: 15,000 events/s.
 * 2. Realtime latency, from sending a transaction until the API answers the loan's new status:
 *    (a) through the indexer alone (the bench polls the API over HTTP), goal p95 ≤ 250 ms;
 *    (b) through the tx-hash fast path (the client posts the hash), goal p95 ≤ 150 ms.
 *
 * Prints the figures with their ratios to the goals, and where the time went, read afterwards
 * from the outbox rows (when each batch's commit and relay began) and the chain-events jobs (when
 * each was queued, taken and done), so measuring costs the pipeline nothing. Writes the same to
 * bench/results.json. A missed goal is reported, not an error: the exit code is for failures.
 *
 * Everything it starts is private (a node on a free port, a database and a Redis key prefix of
 * its own) and removed afterwards; the apps run from dist, rebuilt first when a source is newer.
 *
 *   npm run bench -w indexer [-- --loans 16700 --cycles 10 --no-build]
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

import { CHAIN_EVENTS_QUEUE, demoWallets, microLendingAbi, mockUsdcAbi } from '@lendpath/contracts';
import { Queue } from 'bullmq';
import pg from 'pg';
import { format, resolveConfig } from 'prettier';
import { type Address, encodeFunctionData, type Hex, maxUint256 } from 'viem';

import { type LocalChain, repoRoot, startChain } from '../../scripts/lib/chain.ts';
import {
  answers,
  type Child,
  run,
  startChild,
  stopChildren,
  waitUntil,
} from '../../scripts/lib/children.ts';
import { buildIfStale } from '../../scripts/lib/build.ts';
import { linkWallet } from '../../scripts/lib/demo-loans.ts';
import { freePort } from '../../scripts/lib/ports.ts';
import {
  dropDatabase,
  ensureDatabase,
  uniqueDatabaseName,
  withDatabase,
} from '../../scripts/lib/postgres.ts';
import { postgresServerUrl, redisUrl } from '../../scripts/lib/services.ts';
import { deleteKeys } from '../../scripts/lib/test-services.ts';

const GOALS = { backfillEventsPerSecond: 15_000, indexerP95Ms: 250, fastPathP95Ms: 150 };
/** The issue's figures for the same history, events/s. */
const REFERENCE: Record<string, readonly [number, number]> = {
  Ponder: [1_800, 3_400],
  Subsquid: [14_000, 17_600],
  'plain viem getLogs + COPY + fold script': [12_000, 14_000],
};
/** How often the bench looks at the database during the backfill, and at the API in realtime. */
const BACKFILL_POLL_MS = 20;
const REALTIME_POLL_MS = 10;
/** The realtime loans: 1 USDC for 7 days at 5 % APR, within the contract's and SPEC's limits. */
const LOAN = { usdc: 1, units: 1_000_000n, days: 7, aprBps: 500n };

const { values: args } = parseArgs({
  options: {
    loans: { type: 'string', default: '16700' },
    /** Request → fund → repay cycles per realtime path: three samples each. */
    cycles: { type: 'string', default: '10' },
    'no-build': { type: 'boolean', default: false },
  },
});
const LOANS = Number(args.loans);
const CYCLES = Number(args.cycles);

const root = repoRoot();
const node = process.execPath;
const logDir = join(tmpdir(), `lendpath-bench-${process.pid}`);

const round = (value: number, digits = 0) => Number(value.toFixed(digits));
const thousands = (value: number) => value.toLocaleString('en');

/** Nearest-rank percentile. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

// ─── The stack ──────────────────────────────────────────────────────────────────────────────

interface Stack {
  chain: LocalChain;
  databaseUrl: string;
  db: pg.Client;
  redis: string;
  prefix: string;
  api: Child;
  apiUrl: string;
  indexer?: Child;
  indexerHealthUrl?: string;
}

/** What contracts/bench/generate-loans.cli.ts prints. */
interface GeneratedLoans {
  loans: number;
  events: number;
  fromBlock: number;
  toBlock: number;
  seconds: number;
}

async function generate(chain: LocalChain): Promise<GeneratedLoans> {
  const output = await run(
    node,
    [
      'contracts/bench/generate-loans.cli.ts',
      ...['--rpc', chain.rpcUrl, '--deployment', chain.deploymentFile, '--loans', `${LOANS}`],
    ],
    { cwd: root },
  );
  const result = output
    .split('\n')
    .reverse()
    .find((line) => line.startsWith('{'));
  if (result === undefined) {
    throw new Error(`the loan generator printed no result:\n${output}`);
  }
  return JSON.parse(result) as GeneratedLoans;
}

async function startApi(
  partial: Omit<Stack, 'api' | 'apiUrl'>,
): Promise<Pick<Stack, 'api' | 'apiUrl'>> {
  const port = await freePort();
  const api = startChild({
    name: 'api',
    command: node,
    args: [join(root, 'api/dist/main.js')],
    cwd: root,
    logDir,
    env: {
      NODE_ENV: 'production',
      API_HOST: '127.0.0.1',
      API_PORT: `${port}`,
      DATABASE_URL: partial.databaseUrl,
      REDIS_URL: partial.redis,
      QUEUE_PREFIX: partial.prefix,
      RPC_URL: partial.chain.rpcUrl,
      DEPLOYMENT_FILE: partial.chain.deploymentFile,
      // Nothing is mailed in the bench: these only have to be valid.
      SMTP_URL: 'smtp://127.0.0.1:1025',
      CODE_SECRET: randomBytes(32).toString('hex'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      ACCESS_TOKEN_TTL_SECONDS: '3600',
    },
  });
  const apiUrl = `http://127.0.0.1:${port}`;
  await waitUntil(api, 'HTTP', answers(`${apiUrl}/health`));
  return { api, apiUrl };
}

/** Starts the indexer; `started` is when it printed that it had (Date.now()). */
async function startIndexer(stack: Stack): Promise<{ started: Promise<number> }> {
  const port = await freePort();
  const indexer = startChild({
    name: 'indexer',
    command: node,
    args: [join(root, 'indexer/dist/main.js')],
    cwd: root,
    logDir,
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: stack.databaseUrl,
      REDIS_URL: stack.redis,
      QUEUE_PREFIX: stack.prefix,
      RPC_URL: stack.chain.rpcUrl,
      RPC_WS_URL: stack.chain.wsUrl,
      DEPLOYMENT_FILE: stack.chain.deploymentFile,
      INDEXER_HEALTH_PORT: `${port}`,
    },
  });
  stack.indexer = indexer;
  stack.indexerHealthUrl = `http://127.0.0.1:${port}`;
  const started = new Promise<number>((resolve) => {
    let seen = '';
    const look = (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4_096);
      if (seen.includes('indexer started')) {
        indexer.process.stdout?.off('data', look);
        resolve(Date.now());
      }
    };
    indexer.process.stdout?.on('data', look);
  });
  return { started };
}

// ─── Where the time went: outbox rows and chain-events jobs ────────────────────────────────

/** One committed batch and when each stage began or ended (ms since the epoch). */
interface Batch {
  fromBlock: number;
  toBlock: number;
  loans: number;
  events: number;
  /** The follower's commit transaction began: getLogs and decoding were done. */
  committing: number;
  /** The relay's transaction began: the batch was committed. */
  relaying: number;
  /** The chain-events job was added, taken by the API's worker, and done. */
  queued?: number;
  reconciling?: number;
  reconciled?: number;
}

async function batches(stack: Stack, where = 'true', params: unknown[] = []): Promise<Batch[]> {
  const { rows } = await stack.db.query<{
    id: string;
    chain_id: number;
    address: string;
    from_block: string;
    to_block: string;
    loans: number;
    events: number;
    committing: number;
    relaying: number | null;
  }>(
    `SELECT o.id::text, o.chain_id, o.address, o.from_block, o.to_block,
            cardinality(o.loan_ids) AS loans,
            (SELECT count(*)::int FROM indexer.chain_events e
             WHERE e.chain_id = o.chain_id AND e.address = o.address
               AND e.block_number BETWEEN o.from_block AND o.to_block) AS events,
            extract(epoch FROM o.created_at)::float8 * 1000 AS committing,
            extract(epoch FROM o.relayed_at)::float8 * 1000 AS relaying
     FROM indexer.outbox o WHERE ${where} ORDER BY o.id`,
    params,
  );
  const queue = new Queue(CHAIN_EVENTS_QUEUE, {
    connection: { url: stack.redis },
    prefix: stack.prefix,
  });
  try {
    // The relay's deterministic job ids (indexer/src/follower/outbox-relay.ts): `<source>-<row>`
    // for one row, `<source>-<first>-<last>` for rows relayed together as one job.
    const jobs = await queue.getJobs(['completed', 'active', 'waiting', 'failed']);
    const jobFor = (row: { chain_id: number; address: string; id: string }) =>
      jobs.find((job) => {
        const prefix = `${row.chain_id}-${row.address}-`;
        if (job.id?.startsWith(prefix) !== true) {
          return false;
        }
        const [first, last = first] = job.id.slice(prefix.length).split('-').map(Number);
        return Number(row.id) >= (first ?? 0) && Number(row.id) <= (last ?? 0);
      });
    return rows.map((row) => {
      const job = jobFor(row);
      return {
        fromBlock: Number(row.from_block),
        toBlock: Number(row.to_block),
        loans: row.loans,
        events: row.events,
        committing: row.committing,
        relaying: row.relaying ?? Number.NaN,
        queued: job?.timestamp,
        reconciling: job?.processedOn,
        reconciled: job?.finishedOn,
      };
    });
  } finally {
    await queue.close();
  }
}

/** Calls and seconds of the indexer's RPC round trips by method, from its Prometheus metrics. */
async function rpcTotals(stack: Stack): Promise<Record<string, { calls: number; s: number }>> {
  const text = await (await fetch(`${stack.indexerHealthUrl}/metrics`)).text();
  const totals: Record<string, { calls: number; s: number }> = {};
  for (const [, kind, method, value] of text.matchAll(
    /^indexer_rpc_seconds_(sum|count)\{method="([^"]+)"\} (\S+)$/gm,
  )) {
    const entry = (totals[method as string] ??= { calls: 0, s: 0 });
    if (kind === 'sum') {
      entry.s = round(Number(value), 3);
    } else {
      entry.calls = Number(value);
    }
  }
  return totals;
}

// ─── 1. Backfill ────────────────────────────────────────────────────────────────────────────

async function backfill(stack: Stack, generated: GeneratedLoans) {
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
    goalEventsPerSecond: GOALS.backfillEventsPerSecond,
    ratioToGoal: round(events / seconds / GOALS.backfillEventsPerSecond, 2),
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

// ─── 2. Realtime ────────────────────────────────────────────────────────────────────────────

interface Member {
  id: string;
  token: string;
}

interface LoanView {
  _id: string;
  loanChainId: string;
  status: string;
}

type Kind = 'request' | 'fund' | 'repay';

interface Sample {
  kind: Kind;
  loanId: string;
  hash: Hex;
  /** From sending the transaction until the API answered the new status. */
  ms: number;
  /** Of which the node took to mine it and answer (automine). */
  mineMs: number;
  /** Date.now() when sent, mined and seen in the API: for the stage breakdown. */
  sentAt: number;
  minedAt: number;
  seenAt: number;
}

interface Sent {
  hash: Hex;
  sent: number;
  sentAt: number;
  mineMs: number;
  minedAt: number;
}

interface Seen<T> {
  value: T;
  at: number;
  seenAt: number;
}

interface Answer<T> {
  status: number;
  body: { success: boolean; message: string; data: T };
}

function realtime(stack: Stack, borrower: Member, lender: Member) {
  const [borrowerWallet, lenderWallet] = demoWallets.map((w) => w.address) as [Address, Address];
  const { lending, usdc } = stack.chain.deployment;

  const send = async (from: Address, to: Address, data: Hex): Promise<Sent> => {
    const sent = performance.now();
    const sentAt = Date.now();
    // Automine: the node answers once the transaction is in a block.
    const hash = await stack.chain.rpc<Hex>('eth_sendTransaction', [{ from, to, data }]);
    return { hash, sent, sentAt, mineMs: performance.now() - sent, minedAt: Date.now() };
  };
  const request = () =>
    send(
      borrowerWallet,
      lending.address,
      encodeFunctionData({
        abi: microLendingAbi,
        functionName: 'requestLoan',
        args: [LOAN.units, BigInt(LOAN.days * 86_400)],
      }),
    );
  const fund = (loanId: string) =>
    send(
      lenderWallet,
      lending.address,
      encodeFunctionData({
        abi: microLendingAbi,
        functionName: 'fundLoan',
        args: [BigInt(loanId), LOAN.aprBps],
      }),
    );
  const repay = (loanId: string) =>
    send(
      borrowerWallet,
      lending.address,
      encodeFunctionData({
        abi: microLendingAbi,
        functionName: 'repayLoan',
        args: [BigInt(loanId)],
      }),
    );
  const nextLoanId = async () => {
    const counter = await stack.chain.rpc<Hex>('eth_call', [
      {
        to: lending.address,
        data: encodeFunctionData({ abi: microLendingAbi, functionName: 'loanCounter' }),
      },
      'latest',
    ]);
    return `${BigInt(counter) + 1n}`;
  };

  const api = async <T>(
    member: Member,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<Answer<T>> => {
    const response = await fetch(`${stack.apiUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
  };
  /** Polls the API until `probe` answers something. */
  const until = async <T>(what: string, probe: () => Promise<T | undefined>): Promise<Seen<T>> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const value = await probe();
      if (value !== undefined) {
        return { value, at: performance.now(), seenAt: Date.now() };
      }
      if (Date.now() > deadline) {
        throw new Error(`${what}: not seen in 15 s\nindexer:\n${stack.indexer?.tail()}`);
      }
      await sleep(REALTIME_POLL_MS);
    }
  };
  /** A fast-path call's answer, which must show the loan in `status`. */
  const answered = async (
    what: string,
    call: Promise<Answer<LoanView>>,
    status: string,
  ): Promise<Seen<LoanView>> => {
    const { status: code, body } = await call;
    const at = performance.now();
    if (code >= 300 || body.data.status !== status) {
      throw new Error(`${what}: HTTP ${code} ${body.message} (status ${body.data?.status})`);
    }
    return { value: body.data, at, seenAt: Date.now() };
  };
  const sample = (kind: Kind, loanId: string, tx: Sent, seen: Seen<unknown>): Sample => ({
    kind,
    loanId,
    hash: tx.hash,
    ms: seen.at - tx.sent,
    mineMs: tx.mineMs,
    sentAt: tx.sentAt,
    minedAt: tx.minedAt,
    seenAt: seen.seenAt,
  });

  return {
    /** Lets the lending contract take the borrower's repayments and the lender's principal. */
    async approve(): Promise<void> {
      for (const wallet of [borrowerWallet, lenderWallet]) {
        await send(
          wallet,
          usdc.address,
          encodeFunctionData({
            abi: mockUsdcAbi,
            functionName: 'approve',
            args: [lending.address, maxUint256],
          }),
        );
      }
    },

    /** (a) One loan requested, funded and repaid, each status seen through the indexer alone. */
    async throughIndexer(): Promise<Sample[]> {
      const loanId = await nextLoanId();
      const requested = await request();
      // The only `requested` loan: every earlier cycle ended repaid.
      const listed = await until(`loan #${loanId} requested`, async () => {
        const { body } = await api<{ loanRequests: LoanView[] }>(
          borrower,
          'GET',
          '/microlending/requests?status=requested&limit=1',
        );
        const [loan] = body.data.loanRequests;
        return loan?.loanChainId === loanId ? loan : undefined;
      });
      const statusIs = (status: string) => async () => {
        const path = `/microlending/requests/${listed.value._id}`;
        const { body } = await api<LoanView>(borrower, 'GET', path);
        return body.data.status === status ? body.data : undefined;
      };
      const samples = [sample('request', loanId, requested, listed)];
      const funded = await fund(loanId);
      samples.push(sample('fund', loanId, funded, await until('funded', statusIs('funded'))));
      const repaid = await repay(loanId);
      samples.push(sample('repay', loanId, repaid, await until('repaid', statusIs('repaid'))));
      return samples;
    },

    /** (b) One loan requested, funded and repaid, each posted with its transaction hash. */
    async throughFastPath(): Promise<Sample[]> {
      const loanId = await nextLoanId();
      const requested = await request();
      const created = await answered(
        `record loan #${loanId}`,
        api<LoanView>(borrower, 'POST', '/microlending/request', {
          amount: LOAN.usdc,
          duration: LOAN.days,
          walletAddress: borrowerWallet,
          description: 'A benchmark loan',
          borrower: borrower.id,
          loanChainId: loanId,
          transactionHash: requested.hash,
        }),
        'requested',
      );
      const path = `/microlending/requests/${created.value._id}`;
      const samples = [sample('request', loanId, requested, created)];
      const funded = await fund(loanId);
      const fundBody = {
        transactionHash: funded.hash,
        interestRate: Number(LOAN.aprBps) / 100,
        lenderWalletAddress: lenderWallet,
      };
      samples.push(
        sample(
          'fund',
          loanId,
          funded,
          await answered('fund', api<LoanView>(lender, 'POST', `${path}/fund`, fundBody), 'funded'),
        ),
      );
      const repaid = await repay(loanId);
      const repayBody = { transactionHash: repaid.hash };
      samples.push(
        sample(
          'repay',
          loanId,
          repaid,
          await answered(
            'repay',
            api<LoanView>(borrower, 'POST', `${path}/repay`, repayBody),
            'repaid',
          ),
        ),
      );
      return samples;
    },
  };
}

function summarise(samples: readonly Sample[], goalP95Ms: number) {
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
async function indexerStages(stack: Stack, samples: readonly Sample[]) {
  const stages = [
    'mine (send → mined)',
    'new head + getLogs (→ commit begins)',
    'commit (→ relay begins)',
    'relay (→ job queued)',
    'queue (→ API worker takes it)',
    'reconcile (→ job done)',
    'API answers (→ bench sees it)',
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

// ─── Output ─────────────────────────────────────────────────────────────────────────────────

const verdict = (ok: boolean) => (ok ? 'meets it' : 'MISSES it');

function printBackfill(b: Awaited<ReturnType<typeof backfill>>): void {
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

function printRealtime(
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

// ─── Main ───────────────────────────────────────────────────────────────────────────────────

async function login(apiUrl: string, email: string, password: string): Promise<Member> {
  const response = await fetch(`${apiUrl}/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { data: { token: string; user: { _id: string } } };
  if (!response.ok) {
    throw new Error(`login ${email}: HTTP ${response.status} ${JSON.stringify(body)}`);
  }
  return { id: body.data.user._id, token: body.data.token };
}

async function main(): Promise<void> {
  if (!args['no-build']) {
    await buildIfStale(['api', 'indexer']);
  }
  console.log(`logs in ${logDir}`);
  const redis = redisUrl();
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const databaseUrl = withDatabase(postgresServerUrl(), uniqueDatabaseName('lendpath_bench'));
  let chain: LocalChain | undefined;
  let db: pg.Client | undefined;
  let stack: Stack | undefined;
  try {
    chain = await startChain({ logDir });
    console.log(`generating ${thousands(LOANS)} loans (request → fund → repay)…`);
    const generated = await generate(chain);
    console.log(
      `  ${thousands(generated.events)} events in blocks ${generated.fromBlock}-` +
        `${generated.toBlock}, ${generated.seconds.toFixed(1)} s`,
    );

    await ensureDatabase(databaseUrl);
    const dbEnv = { DATABASE_URL: databaseUrl, NODE_ENV: 'development' };
    await run(node, ['api/dist/database/migrate.js'], { cwd: root, env: dbEnv });
    await run(node, ['indexer/dist/database/migrate.js'], { cwd: root, env: dbEnv });
    // The demo members (api/src/database/demo-members.ts) sign in for the realtime samples.
    await run(node, ['api/dist/database/seed.cli.js'], { cwd: root, env: dbEnv });
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const partial = { chain, databaseUrl, db, redis, prefix };
    stack = { ...partial, ...(await startApi(partial)) };

    console.log('\n1. Backfill: from starting the indexer until every loan is repaid in the API');
    const backfilled = await backfill(stack, generated);
    printBackfill(backfilled);

    console.log('\n2. Realtime: from sending a transaction until the API answers the new status');
    // Ada's and Grace's demo wallets are demo wallets 1 and 2.
    const ada = await login(stack.apiUrl, 'ada@demo.lendpath.test', 'analytical-engine-1843');
    const grace = await login(stack.apiUrl, 'grace@demo.lendpath.test', 'compiler-moth-1947');
    // A loan is a member's only through a wallet they linked (SIWE), as in the web client.
    for (const [member, wallet] of [
      [ada, demoWallets[0]],
      [grace, demoWallets[1]],
    ] as const) {
      const linked = await linkWallet({
        apiUrl: stack.apiUrl,
        token: member.token,
        privateKey: wallet!.privateKey,
        // The API's default CORS origin: the bench starts it without one.
        webOrigin: 'http://localhost:5173',
        chainId: stack.chain.deployment.chainId,
      });
      if (!linked.body.success) {
        throw new Error(`linking ${wallet!.address}: ${linked.status} ${linked.body.message}`);
      }
    }
    const paths = realtime(stack, ada, grace);
    await paths.approve();
    // One unmeasured cycle each warms both apps' code paths and connections.
    await paths.throughIndexer();
    await paths.throughFastPath();
    const viaIndexer: Sample[] = [];
    const viaFastPath: Sample[] = [];
    for (let i = 0; i < CYCLES; i++) {
      // A pause first, so that one sample's tail (a sync, a reconcile) is not the next one's head.
      await sleep(100);
      viaIndexer.push(...(await paths.throughIndexer()));
    }
    for (let i = 0; i < CYCLES; i++) {
      await sleep(100);
      viaFastPath.push(...(await paths.throughFastPath()));
    }
    const indexer = {
      ...summarise(viaIndexer, GOALS.indexerP95Ms),
      stages: await indexerStages(stack, viaIndexer),
    };
    const fastPath = summarise(viaFastPath, GOALS.fastPathP95Ms);
    printRealtime('(a) through the indexer', indexer);
    printRealtime('(b) through the tx-hash fast path', fastPath);

    const results = {
      measuredAt: new Date().toISOString(),
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
      generation: {
        loans: generated.loans,
        events: generated.events,
        blocks: generated.toBlock - generated.fromBlock + 1,
        seconds: round(generated.seconds, 1),
      },
      backfill: backfilled,
      realtime: { pollMs: REALTIME_POLL_MS, indexer, fastPath },
      referenceEventsPerSecond: REFERENCE,
    };
    const file = join(root, 'indexer/bench/results.json');
    // Formatted as the repository's other files, so that committing it keeps `format:check` green.
    const options = { ...(await resolveConfig(file)), filepath: file };
    writeFileSync(file, await format(JSON.stringify(results), options));
    console.log(`\nwritten to ${file}`);
  } finally {
    await stopChildren(
      [stack?.indexer, stack?.api].filter((child) => child !== undefined),
      10_000,
    );
    await db?.end().catch(() => undefined);
    await chain?.stop();
    await dropDatabase(databaseUrl).catch(() => undefined);
    await deleteKeys(redis, `${prefix}:*`).catch(() => undefined);
  }
}

await main();
