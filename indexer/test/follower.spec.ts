import { demoWallets } from '@lendpath/contracts';

import { chainEventsJobSchema } from '../src/public/jobs';
import { type IndexerFixture, indexerFixture } from './support/indexer-fixture';

const [borrower, lender] = demoWallets.map((wallet) => wallet.address) as [
  `0x${string}`,
  `0x${string}`,
];
const DAY = 86_400n;

describe('the follower', () => {
  let f: IndexerFixture;

  beforeAll(async () => {
    f = await indexerFixture();
    await f.actions.approve(borrower);
    await f.actions.approve(lender);
    await f.start();
  }, 60_000);
  afterAll(() => f.close());

  const cursorHash = async () =>
    (await f.db.query<{ cursor_hash: string }[]>(`SELECT cursor_hash FROM indexer.sources`))[0]
      ?.cursor_hash;
  const headHash = async () =>
    (await f.chain.rpc<{ hash: string }>('eth_getBlockByNumber', ['latest', false])).hash;
  /** The indexer stands on the chain's current head block (same height, same hash). */
  const caughtUp = () =>
    f.until(
      'the cursor',
      async () => [await cursorHash(), await headHash()],
      ([c, h]) => c === h,
    );

  it('stores each lifecycle event once, in chain order, and announces the loans on the queue', async () => {
    const a = await f.actions.request(borrower, 1_000_000n, 7n * DAY);
    await f.actions.fund(lender, a.loanId, 500n);
    await f.actions.repay(borrower, a.loanId);
    const b = await f.actions.request(borrower, 2_000_000n, 30n * DAY);
    await f.actions.cancel(borrower, b.loanId);
    await caughtUp();

    expect(await f.storedEvents()).toEqual([
      `LoanRequested:${a.loanId}`,
      `LoanFunded:${a.loanId}`,
      `LoanRepaid:${a.loanId}`,
      `LoanRequested:${b.loanId}`,
      `LoanCancelled:${b.loanId}`,
    ]);
    const [funded] = await f.db.query<{ args: Record<string, unknown> }[]>(
      `SELECT args FROM indexer.chain_events WHERE name = 'LoanFunded'`,
    );
    expect(funded?.args).toMatchObject({
      id: `${a.loanId}`,
      borrower: borrower.toLowerCase(),
      lender: lender.toLowerCase(),
      aprBps: '500',
    });

    const jobs = await f.until(
      'announced loans',
      () => f.chainEvents().getJobs(['waiting', 'completed', 'active']),
      (all) => all.some((job) => job.data.loanIds.includes(`${b.loanId}`)),
    );
    expect(new Set(jobs.flatMap((job) => job.data.loanIds))).toEqual(
      new Set([`${a.loanId}`, `${b.loanId}`]),
    );
    // What the API will accept: the schema the indexer publishes as @lendpath/indexer/jobs.
    for (const job of jobs) {
      expect(chainEventsJobSchema.parse(job.data)).toEqual(job.data);
    }
  });

  it('marks events of a reorganised block removed and follows the new fork', async () => {
    await caughtUp();
    const snapshot = await f.chain.rpc<string>('evm_snapshot');
    const orphan = await f.actions.request(borrower, 3_000_000n, 10n * DAY);
    await caughtUp();
    expect(await f.storedEvents()).toContain(`LoanRequested:${orphan.loanId}`);

    await f.chain.rpc('evm_revert', [snapshot]);
    // The other fork: a different event at the same height (the same loan id, another amount),
    // then one more block so the fork is longer.
    const replacement = await f.actions.request(borrower, 4_000_000n, 14n * DAY);
    await f.chain.mine(1);
    await caughtUp();

    expect(replacement.loanId).toBe(orphan.loanId);
    const rows = await f.db.query<{ amount: string; removed: boolean }[]>(
      `SELECT args->>'amount' AS amount, removed FROM indexer.chain_events
       WHERE name = 'LoanRequested' AND loan_id = $1 ORDER BY removed`,
      [`${orphan.loanId}`],
    );
    expect(rows).toEqual([
      { amount: '4000000', removed: false },
      { amount: '3000000', removed: true },
    ]);
    const [source] = await f.db.query<
      {
        reorg_count: number;
      }[]
    >(`SELECT reorg_count FROM indexer.sources`);
    expect(source?.reorg_count).toBeGreaterThanOrEqual(1);
  });

  it('removes an event whose block vanished with nothing in its place', async () => {
    await caughtUp();
    const snapshot = await f.chain.rpc<string>('evm_snapshot');
    const gone = await f.actions.request(borrower, 1_500_000n, 8n * DAY);
    await caughtUp();
    await f.chain.rpc('evm_revert', [snapshot]);
    await f.chain.mine(2);
    await caughtUp();
    expect(await f.storedEvents()).toContain(`LoanRequested:${gone.loanId}!`);
    expect(await f.storedEvents()).not.toContain(`LoanRequested:${gone.loanId}`);
  });

  it('handles two reorgs in a row and a reorg that happened while it was stopped', async () => {
    await caughtUp();
    const first = await f.chain.rpc<string>('evm_snapshot');
    await f.actions.request(borrower, 1_100_000n, 9n * DAY);
    await caughtUp();
    await f.chain.rpc('evm_revert', [first]);
    const second = await f.chain.rpc<string>('evm_snapshot');
    await f.actions.request(borrower, 1_200_000n, 9n * DAY);
    await f.chain.mine(1);
    await caughtUp();
    await f.chain.rpc('evm_revert', [second]);
    await f.actions.request(borrower, 1_300_000n, 9n * DAY);
    await f.chain.mine(2);
    await caughtUp();

    await f.stop();
    const third = await f.chain.rpc<string>('evm_snapshot');
    await f.actions.request(borrower, 1_400_000n, 9n * DAY);
    await f.start();
    await caughtUp();
    await f.stop();
    await f.chain.rpc('evm_revert', [third]);
    await f.actions.request(borrower, 1_500_000n, 9n * DAY);
    await f.chain.mine(1);
    await f.start();
    await caughtUp();

    const live = await f.db.query<{ amount: string }[]>(
      `SELECT args->>'amount' AS amount FROM indexer.chain_events
       WHERE name = 'LoanRequested' AND NOT removed ORDER BY block_number`,
    );
    const amounts = live.map((row) => row.amount);
    expect(amounts).toEqual(expect.arrayContaining(['1300000', '1500000']));
    expect(amounts).not.toEqual(expect.arrayContaining(['1100000']));
    expect(amounts).not.toContain('1200000');
    expect(amounts).not.toContain('1400000');
    // Everything the chain has now, and nothing else, is live.
    const onChain = await f.actions.publicClient.getContractEvents({
      address: f.chain.deployment.lending.address,
      abi: (await import('@lendpath/contracts')).microLendingAbi,
      eventName: 'LoanRequested',
      fromBlock: 0n,
    });
    expect(amounts).toEqual(onChain.map((log) => `${log.args.amount}`));
  });

  it('halts, and says why, on a reorg deeper than finality', async () => {
    await caughtUp();
    const snapshot = await f.chain.rpc<string>('evm_snapshot');
    const final = await f.actions.request(borrower, 1_600_000n, 9n * DAY);
    // Past the finalized depth (5): the block with this event is final for the indexer.
    await f.chain.mine(8);
    await caughtUp();
    await f.chain.rpc('evm_revert', [snapshot]);
    await f.chain.mine(12);
    const [source] = await f.until(
      'a halt',
      () =>
        f.db.query<{ halted_reason: string | null }[]>(`SELECT halted_reason FROM indexer.sources`),
      (rows) => typeof rows[0]?.halted_reason === 'string',
    );
    expect(source?.halted_reason).toMatch(/reorg deeper than finality/);
    // It left the store as it was: nothing is removed on a guess.
    expect(await f.storedEvents()).toContain(`LoanRequested:${final.loanId}`);
    const ready = await fetch(`${f.healthUrl()}/ready`);
    expect(ready.status).toBe(503);
    // The operator reads why on /ready.
    expect(await ready.json()).toMatchObject({
      status: 'not ready',
      halted: expect.stringMatching(/reorg deeper than finality/) as unknown,
    });
  });
});
