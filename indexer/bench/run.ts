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
 *   npm run bench -w indexer [-- --loans 16700 --cycles 10 --peer-runs 1 --keep]
 */
import { cpus } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

import { demoWallets } from '@lendpath/contracts';
import pg from 'pg';

import { round, thousands } from '@lendpath/test-kit/bench/figures';
import { writeResults } from '@lendpath/test-kit/bench/results';
import { loopSeconds, speedLine } from '@lendpath/test-kit/bench/speed';
import { benchServices } from '@lendpath/test-kit/bench/services';
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
    /** Request → fund → repay cycles per realtime path: three samples each. */
    cycles: { type: 'string', default: '10' },
    /** Runs of the peer (0: none); its figures are their median. */
    'peer-runs': { type: 'string', default: '1' },
    /** Leaves the database in place afterwards (its URL printed), to look into the stores. */
    keep: { type: 'boolean', default: false },
  },
});
const LOANS = Number(args.loans);
const CYCLES = Number(args.cycles);
const PEER_RUNS = Number(args['peer-runs']);

async function main(): Promise<void> {
  const speedSeconds = loopSeconds();
  console.log(speedLine(speedSeconds));
  console.log(`logs in ${logDir}`);
  const services = benchServices('lendpath_bench', 'bench');
  const { databaseUrl, redis, prefix } = services;
  let chain: LocalChain | undefined;
  let db: pg.Client | undefined;
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

    // The demo members (api/src/database/demo-members.ts) sign in for the realtime samples.
    await services.migrate(['api', 'indexer'], { seed: true });
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const partial = { chain, databaseUrl, db, redis, prefix };
    stack = { ...partial, ...(await startApi(partial)) };

    console.log('\n1. Backfill: from starting the indexer until every loan is repaid in the API');
    const backfilled = await backfill(
      stack,
      generated,
      {
        eventsPerSecond: GOALS.backfillEventsPerSecond,
        eventsPerSecondAfterBoot: GOALS.backfillEventsPerSecondAfterBoot,
        ratioToPeer: GOALS.backfillRatioToPeer,
      },
      peer,
    );
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
      backfill: backfilled,
      realtime: { observedBy: REALTIME_OBSERVED_BY, indexer, fastPath },
    };
    const file = join(root, 'indexer/bench/results.json');
    await writeResults(file, results);
    console.log(`\nwritten to ${file}`);
  } finally {
    stream?.close();
    await stopChildren(
      [stack?.indexer, stack?.api].filter((child) => child !== undefined),
      10_000,
    );
    await db?.end().catch(() => undefined);
    await chain?.stop();
    if (args.keep) {
      console.log(`database kept: ${databaseUrl}`);
    } else {
      await services.remove();
    }
  }
}

await main();
