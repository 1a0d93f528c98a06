import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { demoWallets } from '@lendpath/contracts';

import { type IndexerFixture, indexerFixture } from './support/indexer-fixture';

const [borrower] = demoWallets.map((wallet) => wallet.address) as [`0x${string}`];
const DAY = 86_400n;

interface Source {
  cursor_block: string;
  cursor_hash: string | null;
  finalized_block: string | null;
  halted_reason: string | null;
}

describe('npm run indexer:resume', () => {
  let f: IndexerFixture;

  beforeAll(async () => {
    f = await indexerFixture();
    await f.actions.approve(borrower);
    await f.start();
  }, 60_000);
  afterAll(() => f.close());

  /** The follower's row (none until its first sync has run). */
  const source = async () =>
    (
      await f.db.query<Source[]>(
        `SELECT cursor_block::text, cursor_hash, finalized_block::text, halted_reason
         FROM indexer.sources`,
      )
    )[0];
  const headHash = async () =>
    (await f.chain.rpc<{ hash: string }>('eth_getBlockByNumber', ['latest', false])).hash;
  const caughtUp = () =>
    f.until(
      'the cursor at the head',
      async () => [(await source())?.cursor_hash, await headHash()],
      ([c, h]) => c === h,
    );
  const halted = () =>
    f.until(
      'a halt',
      () => source(),
      (row) => typeof row?.halted_reason === 'string',
    );
  /** The built CLI, as `npm run indexer:resume` runs it, with the indexer's own settings. */
  const resume = async (...args: string[]) => {
    const root = join(__dirname, '..');
    try {
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        [join(root, 'dist/follower/resume.cli.js'), ...args],
        {
          cwd: root,
          env: {
            PATH: process.env.PATH,
            DATABASE_URL: f.env.DATABASE_URL,
            RPC_URL: f.env.RPC_URL,
            DEPLOYMENT_FILE: f.env.DEPLOYMENT_FILE,
          },
        },
      );
      return { code: 0, output: stdout + stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, output: failed.stdout + failed.stderr };
    }
  };

  it('refuses, and changes nothing, while the follower is not halted', async () => {
    await f.actions.request(borrower, 1_000_000n, 7n * DAY);
    await caughtUp();
    const before = await source();
    const refused = await resume();
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      `indexer:resume refused: the indexer is not halted (cursor at block ${before?.cursor_block})`,
    );
    expect(await source()).toEqual(before);
  });

  it('after a reorg deeper than finality, re-follows from the last block both sides agree on', async () => {
    await caughtUp();
    const snapshot = await f.chain.rpc<string>('evm_snapshot');
    const agreed = await f.actions.publicClient.getBlock({ blockTag: 'latest' });
    const orphan = await f.actions.request(borrower, 2_000_000n, 9n * DAY);
    await f.chain.mine(8);
    await caughtUp();
    await f.chain.rpc('evm_revert', [snapshot]);
    const replacement = await f.actions.request(borrower, 3_000_000n, 9n * DAY);
    await f.chain.mine(12);
    const stuck = await halted();
    expect(replacement.loanId).toBe(orphan.loanId);

    // A dry run says what it would do and leaves the halt as it was.
    const dry = await resume('--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.output).toContain(`the store and the node agree up to block ${agreed.number}`);
    expect(await source()).toEqual(stuck);

    const [{ last }] = await f.db.query<[{ last: string }]>(
      `SELECT coalesce(max(id), 0)::text AS last FROM indexer.outbox`,
    );
    const done = await resume();
    expect(done.code).toBe(0);
    expect(done.output).toContain('resumed');
    expect(done.output).toContain(`the store and the node agree up to block ${agreed.number}`);
    expect(done.output).toContain(`loans announced for the API to fold again: ${orphan.loanId}`);
    // The first batch after the halt is the resume's own (the follower's come after it).
    const [announced] = await f.db.query<{ blocks: string; loan_ids: string[] }[]>(
      `SELECT from_block || '-' || to_block AS blocks, loan_ids::text[] FROM indexer.outbox
       WHERE id > $1 ORDER BY id LIMIT 1`,
      [last],
    );
    expect(announced).toEqual({
      blocks: `${agreed.number + 1n}-${stuck?.cursor_block}`,
      loan_ids: [`${orphan.loanId}`],
    });

    // The running indexer follows the winning fork from there, and says it is ready again.
    await caughtUp();
    expect((await source())?.halted_reason).toBeNull();
    const rows = await f.db.query<{ amount: string; removed: boolean }[]>(
      `SELECT args->>'amount' AS amount, removed FROM indexer.chain_events
       WHERE name = 'LoanRequested' AND loan_id = $1 ORDER BY removed`,
      [`${orphan.loanId}`],
    );
    expect(rows).toEqual([
      { amount: '3000000', removed: false },
      { amount: '2000000', removed: true },
    ]);
    await f.until(
      '/ready',
      async () => (await fetch(`${f.healthUrl()}/ready`)).status,
      (status) => status === 200,
    );
    const jobs = await f.until(
      'the resume batch on the queue',
      async () =>
        (await f.chainEvents().getJobs(['waiting', 'completed', 'active'])).map((job) => job.data),
      (all) => all.some((job) => job.fromBlock === Number(agreed.number) + 1),
    );
    expect(jobs.find((job) => job.fromBlock === Number(agreed.number) + 1)?.loanIds).toContain(
      `${orphan.loanId}`,
    );
  });

  it('revives the same events when the chain kept them (a halt that was a false alarm)', async () => {
    const loan = await f.actions.request(borrower, 4_000_000n, 9n * DAY);
    await f.chain.mine(1);
    await caughtUp();
    const before = await f.storedEvents();
    expect(before).toContain(`LoanRequested:${loan.loanId}`);
    // Halted by hand: the event's block is above the finalized one, so resuming removes it first.
    await f.db.query(`UPDATE indexer.sources SET halted_reason = 'halted by hand for the test'`);
    const done = await resume();
    expect(done.code).toBe(0);
    expect(done.output).toContain(`halted because: halted by hand for the test`);
    expect(done.output).toContain('events above it marked removed: 1');

    await caughtUp();
    await f.until(
      'the event revived',
      () => f.storedEvents(),
      (events) => JSON.stringify(events) === JSON.stringify(before),
    );
    const [copies] = await f.db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM indexer.chain_events WHERE loan_id = $1 AND NOT removed`,
      [`${loan.loanId}`],
    );
    expect(copies?.n).toBe(1);
  });
});
