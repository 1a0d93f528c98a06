/**
 * The indexer's benchmarks (`npm run bench -w indexer`; `npm run bench` runs every workspace's):
 *
 * 1. Backfill: 16,700 loans requested, funded and repaid on a private Hardhat node (50,100 stored
 *    events), then the built API and indexer as child processes on a fresh database. The clock
 *    runs from starting the indexer until every loan is `repaid` in the API's projection
 *    (app.loan_requests). Goal: 20,000 events/s, 25,000 after the indexer's boot. Beside it, the peer (peer.ts): a Subsquid
 *    processor doing the same work on the same chain, run before our apps start, as many times
 *    as `--peer-runs` (default 1, as ours runs once; the median is used). Goal: ours ≥ 4× it.
 * 2. Realtime latency, from sending a transaction until the API answers the loan's new status:
 *    (a) through the indexer alone (the bench hears of it on the API's loan stream, as an open
 *        page does, and times the API's answer to a GET of the loan), goal p95 ≤ 30 ms;
 *    (b) through the tx-hash fast path (the client posts the hash), goal p95 ≤ 25 ms.
 *
 * Prints the figures with their ratios to the goals, and where the time went, read afterwards
 * from the outbox rows (when each batch's commit and relay began) and the chain-events jobs (when
 * each was queued, taken and done), so measuring costs the pipeline nothing. Writes the same to
 * bench/results.json. A missed goal is reported, not an error: the exit code is for failures.
 *
 * Everything it starts is private (a node on a free port, a database and a Redis key prefix of
 * its own) and removed afterwards; the apps run from dist, rebuilt first when a source is newer.
 *
 * The parts: stack.ts (the loans and the apps), backfill.ts (1), peer.ts and subsquid/ (the
 * peer), realtime.ts and latency.ts (2), timeline.ts (where the time went).
 *
 * `--runs` runs our backfill that many times, each on a fresh database with freshly started apps,
 * and reports the median run (the goal is a median of 3: `-- --runs 3 --peer-runs 3`).
 *
 *   npm run bench -w indexer [-- --loans 16700 --cycles 30 --runs 1 --peer-runs 1 --keep]
 */
import { cpus } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

import { demoWallets } from '@lendpath/contracts';
import pg from 'pg';

import { medianItem, round, thousands } from '@lendpath/test-kit/bench/figures';
import { writeResults } from '@lendpath/test-kit/bench/results';
import { type BenchServices, benchServices } from '@lendpath/test-kit/bench/services';
import { loopSeconds, speedLine } from '@lendpath/test-kit/bench/speed';
import { type LocalChain, startChain } from '@lendpath/test-kit/chain';
import { stopChildren } from '@lendpath/test-kit/children';
import { linkWallet } from '@lendpath/test-kit/demo-loans';
import { type LoanStream, openLoanStream } from '@lendpath/test-kit/loan-stream';

import { backfill, printBackfill } from './backfill.ts';
import { indexerStages, printRealtime, summarise } from './latency.ts';
import { PEER, peerBackfill } from './peer.ts';
import { login, realtime, REALTIME_OBSERVED_BY, type Sample } from './realtime.ts';
import { generate, logDir, root, type Stack, startApi } from './stack.ts';

/** Issue 20's goals. */
const GOALS = {
  /** Process start included. */
  backfillEventsPerSecond: 20_000,
  backfillEventsPerSecondAfterBoot: 25_000,
  backfillRatioToPeer: 4,
  indexerP95Ms: 30,
  fastPathP95Ms: 25,
};

const { values: args } = parseArgs({
  options: {
    loans: { type: 'string', default: '16700' },
    /**
     * Request → fund → repay cycles per realtime path, three samples each. 30 cycles make the p95
     * the fifth-slowest of 90 samples; with 10 it was the second-slowest of 30, which one stalled
     * moment of a shared guest moved by 10 ms or more.
     */
    cycles: { type: 'string', default: '30' },
    /** Runs of our backfill; its figures are the median run's. */
    runs: { type: 'string', default: '1' },
    /** Runs of the peer (0: none); its figures are their median. */
    'peer-runs': { type: 'string', default: '1' },
    /** Leaves the database in place afterwards (its URL printed), to look into the stores. */
    keep: { type: 'boolean', default: false },
  },
});
const LOANS = Number(args.loans);
const CYCLES = Number(args.cycles);
const RUNS = Number(args.runs);
const PEER_RUNS = Number(args['peer-runs']);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  throw new Error('--runs must be a whole number of at least 1');
}

/** Our apps on a fresh database of `services`, migrated, with the API started. */
async function startStack(chain: LocalChain, services: BenchServices): Promise<Stack> {
  // The demo members (api/src/database/demo-members.ts) sign in for the realtime samples.
  await services.migrate(['api', 'indexer'], { seed: true });
  const db = new pg.Client({ connectionString: services.databaseUrl });
  await db.connect();
  const { databaseUrl, redis, prefix } = services;
  const partial = { chain, databaseUrl, db, redis, prefix };
  try {
    return { ...partial, ...(await startApi(partial)) };
  } catch (error) {
    await db.end().catch(() => undefined);
    throw error;
  }
}

/** Stops a stack's apps and closes its connection; never throws, for any `finally`. */
async function stopStack(stack: Stack | undefined): Promise<void> {
  await stopChildren(
    [stack?.indexer, stack?.api].filter((child) => child !== undefined),
    10_000,
  );
  await stack?.db.end().catch(() => undefined);
}

async function main(): Promise<void> {
  const speedSeconds = loopSeconds();
  console.log(speedLine(speedSeconds));
  console.log(`logs in ${logDir}`);
  const services = benchServices('lendpath_bench', 'bench');
  let chain: LocalChain | undefined;
  let stack: Stack | undefined;
  let stream: LoanStream | undefined;
  try {
    chain = await startChain({ logDir });
    console.log(`generating ${thousands(LOANS)} loans (request → fund → repay)…`);
    const generated = await generate(chain, LOANS);
    console.log(
      `  ${thousands(generated.events)} events in blocks ${generated.fromBlock}-` +
        `${generated.toBlock}, ${generated.seconds.toFixed(1)} s`,
    );

    // The peer first, while nothing else runs: our apps would idle beside it otherwise.
    let peer: Awaited<ReturnType<typeof peerBackfill>> | undefined;
    if (PEER_RUNS > 0) {
      console.log(`running the peer, ${PEER}, ${PEER_RUNS}×…`);
      peer = await peerBackfill(chain, generated, PEER_RUNS);
    }

    console.log('\n1. Backfill: from starting the indexer until every loan is repaid in the API');
    const goals = {
      eventsPerSecond: GOALS.backfillEventsPerSecond,
      eventsPerSecondAfterBoot: GOALS.backfillEventsPerSecondAfterBoot,
      ratioToPeer: GOALS.backfillRatioToPeer,
    };
    const runs: Awaited<ReturnType<typeof backfill>>[] = [];
    // Every run but the last on services of its own, removed after it: the last one's stack goes
    // on to the realtime samples.
    for (let run = 1; run < RUNS; run++) {
      const own = benchServices('lendpath_bench', 'bench');
      let earlier: Stack | undefined;
      try {
        earlier = await startStack(chain, own);
        runs.push(await backfill(earlier, generated, goals, peer));
      } finally {
        await stopStack(earlier);
        await own.remove();
      }
      console.log(`  run ${run}: ${runs.at(-1)?.seconds} s`);
    }
    stack = await startStack(chain, services);
    runs.push(await backfill(stack, generated, goals, peer));
    const backfilled = medianItem(runs, (run) => run.eventsPerSecond)!;
    if (RUNS > 1) {
      console.log(
        `  ${RUNS} runs: ${runs.map((r) => `${r.seconds} s`).join(', ')}; the median run's figures:`,
      );
    }
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
    stream = await openLoanStream(stack.apiUrl, ada.token);
    const paths = realtime(stack, ada, grace, stream);
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
    paths.close();
    const indexer = {
      ...summarise(viaIndexer, GOALS.indexerP95Ms),
      stages: await indexerStages(stack, viaIndexer),
    };
    const fastPath = summarise(viaFastPath, GOALS.fastPathP95Ms);
    printRealtime('(a) through the indexer', indexer);
    printRealtime('(b) through the tx-hash fast path', fastPath);

    const results = {
      measuredAt: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        cpu: cpus()[0]?.model,
        node: process.version,
        loopSeconds: speedSeconds,
      },
      generation: {
        loans: generated.loans,
        events: generated.events,
        blocks: generated.toBlock - generated.fromBlock + 1,
        seconds: round(generated.seconds, 1),
      },
      backfill: {
        ...backfilled,
        runs: runs.map(({ seconds, eventsPerSecond, eventsPerSecondAfterBoot }) => ({
          seconds,
          eventsPerSecond,
          eventsPerSecondAfterBoot,
        })),
      },
      realtime: { observedBy: REALTIME_OBSERVED_BY, indexer, fastPath },
    };
    const file = join(root, 'indexer/bench/results.json');
    await writeResults(file, results);
    console.log(`\nwritten to ${file}`);
  } finally {
    stream?.close();
    await stopStack(stack);
    await chain?.stop();
    if (args.keep) {
      console.log(`database kept: ${services.databaseUrl}`);
    } else {
      await services.remove();
    }
  }
}

await main();
