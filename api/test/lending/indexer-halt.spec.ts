import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { demoWallets } from '@lendpath/contracts';

import { repoRoot } from '@lendpath/test-kit/chain';
import { chainStatus } from '@lendpath/test-kit/loans';
import type { LoanRequestView } from '../../src/lending/loan-request-view';
import { type Member, type Pipeline, startPipeline } from './pipeline';

const [aliceWallet, bobWallet] = demoWallets.map((w) => w.address) as [
  `0x${string}`,
  `0x${string}`,
];
const [aliceKey, bobKey] = demoWallets.map((w) => w.privateKey) as [`0x${string}`, `0x${string}`];
const DAY = 86_400n;
/** INDEXER_MAX_LAG_SECONDS for this API: short, so a stopped indexer shows within the test. */
const MAX_LAG_SECONDS = 3;

interface Page {
  loanRequests: LoanRequestView[];
  verification: { verified: boolean; reason: string | null };
}

/**
 * Issue 16 §2: after a reorg deeper than finality the indexer halts; while it is halted (or has
 * not caught up with the head for longer than the bound) the API must not call any loan
 * `finalized`, its lists must say why, and its /ready must fail with the reason. A person then
 * runs `npm run indexer:resume`, and the API converges on what the chain says.
 */
describe('a halted or lagging indexer is visible', () => {
  let p: Pipeline;
  let alice: Member;
  let bob: Member;

  beforeAll(async () => {
    p = await startPipeline({ apiEnv: { INDEXER_MAX_LAG_SECONDS: `${MAX_LAG_SECONDS}` } });
    alice = await p.member('Alice Borrower');
    bob = await p.member('Bob Lender');
    await p.linkWallet(alice, aliceKey);
    await p.linkWallet(bob, bobKey);
    await p.actions.approve(aliceWallet);
    await p.actions.approve(bobWallet);
    await p.startIndexer();
  }, 90_000);
  afterAll(() => p?.close());

  const list = async (query = 'limit=100') =>
    (await p.call<Page>(alice, 'GET', `/microlending/requests?${query}`)).body.data;
  const loanOf = async (loanId: bigint) =>
    (await list()).loanRequests.find((loan) => loan.loanChainId === `${loanId}`);
  const ready = async () => {
    // As an operator, who is told why.
    const response = await fetch(`${p.url}/ready`, {
      headers: { authorization: `Bearer ${process.env.OPS_TOKEN}` },
    });
    return {
      status: response.status,
      body: (await response.json()) as { success: boolean; message: string; code?: string },
    };
  };
  /** `npm run indexer:resume` as an operator runs it: the built CLI with the indexer's env. */
  const resume = async () => {
    const root = repoRoot();
    try {
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        [join(root, 'indexer/dist/follower/resume.cli.js')],
        {
          cwd: join(root, 'indexer'),
          env: {
            PATH: process.env.PATH,
            DATABASE_URL: p.databaseUrl,
            RPC_URL: p.chain.rpcUrl,
            DEPLOYMENT_FILE: p.chain.deploymentFile,
          },
        },
      );
      return { code: 0, output: stdout + stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, output: failed.stdout + failed.stderr };
    }
  };

  it('marks every loan unverified while the indexer has been stopped past the bound', async () => {
    const loan = await p.actions.request(aliceWallet, 1_000_000n, 7n * DAY);
    await p.chain.mine(6);
    await p.until(
      'the loan, finalized and verified',
      () => list(),
      (page) =>
        page.verification?.verified === true &&
        page.loanRequests.some(
          (l) => l.loanChainId === `${loan.loanId}` && l.chain.finality === 'finalized',
        ),
      30_000,
    );
    expect((await ready()).status).toBe(200);

    await p.indexer?.stop();
    const stale = await p.until(
      'the list to say the indexer is behind',
      () => list(),
      (page) => page.verification?.verified === false,
      MAX_LAG_SECONDS * 1000 + 10_000,
    );
    expect(stale.verification.reason).toMatch(/^indexer behind: /);
    expect(stale.loanRequests.map((l) => l.chain.finality)).toEqual(
      stale.loanRequests.map(() => 'unverified'),
    );
    const notReady = await ready();
    expect(notReady.status).toBe(503);
    expect(notReady.body).toMatchObject({ success: false, code: 'HEALTH.NOT_READY' });
    expect(notReady.body.message).toContain(stale.verification.reason);

    await p.startIndexer();
    await p.until(
      'the list to be verified again',
      () => list(),
      (page) => page.verification?.verified === true,
      30_000,
    );
    expect((await loanOf(loan.loanId))?.chain.finality).toBe('finalized');
    await p.until(
      '/ready',
      () => ready().then((r) => r.status),
      (s) => s === 200,
      30_000,
    );
  }, 90_000);

  it('never says finalized after a reorg deeper than finality, and converges after indexer:resume', async () => {
    const snapshot = await p.chain.rpc<string>('evm_snapshot');
    const orphan = await p.actions.request(aliceWallet, 2_000_000n, 14n * DAY);
    await p.actions.fund(bobWallet, orphan.loanId, 500n);
    // Past the finalized depth (5): the indexer, and so the API, call it final.
    await p.chain.mine(8);
    const funded = await p.until(
      'the loan funded and finalized',
      () => loanOf(orphan.loanId),
      (l) => l?.status === 'funded' && l.chain.finality === 'finalized',
      30_000,
    );

    // The chain forgets it: on the fork that wins, the same loan is requested and cancelled.
    await p.chain.rpc('evm_revert', [snapshot]);
    const replacement = await p.actions.request(aliceWallet, 2_000_000n, 14n * DAY);
    expect(replacement.loanId).toBe(orphan.loanId);
    await p.actions.cancel(aliceWallet, replacement.loanId);
    await p.chain.mine(12);
    await p.until(
      'the indexer to halt',
      () =>
        p.db.query<{ halted_reason: string | null }[]>(`SELECT halted_reason FROM indexer.sources`),
      (rows) => typeof rows[0]?.halted_reason === 'string',
      30_000,
    );

    const halted = await p.until(
      'the list to say the indexer halted',
      () => list(),
      (page) => page.verification?.verified === false,
      30_000,
    );
    expect(halted.verification.reason).toMatch(/^indexer halted: reorg deeper than finality/);
    // The orphaned row is still there (nothing is removed on a guess), but nothing vouches for it.
    expect(halted.loanRequests.find((l) => l._id === funded?._id)).toMatchObject({
      status: 'funded',
      chain: { finality: 'unverified' },
    });
    expect(halted.loanRequests.map((l) => l.chain.finality)).not.toContain('finalized');
    expect(halted.loanRequests.map((l) => l.chain.finality)).toEqual(
      halted.loanRequests.map(() => 'unverified'),
    );
    const lent = (await p.call<Page>(bob, 'GET', '/microlending/requests?lender=me')).body.data;
    expect(lent.verification).toEqual(halted.verification);
    expect(lent.loanRequests.map((l) => l.chain.finality)).toEqual(['unverified']);
    const one = await p.call<LoanRequestView>(
      alice,
      'GET',
      `/microlending/requests/${funded?._id}`,
    );
    expect(one.body.data.chain.finality).toBe('unverified');
    const notReady = await ready();
    expect(notReady.status).toBe(503);
    expect(notReady.body).toMatchObject({ success: false, code: 'HEALTH.NOT_READY' });
    expect(notReady.body.message).toMatch(/indexer halted: reorg deeper than finality/);

    const resumed = await resume();
    expect(resumed).toMatchObject({ code: 0 });
    expect(resumed.output).toMatch(/resumed/);
    await p.chain.mine(6);
    const converged = await p.until(
      'the API to show the chain as it is',
      () => list(),
      (page) =>
        page.verification?.verified === true &&
        page.loanRequests.some(
          (l) =>
            l.loanChainId === `${orphan.loanId}` &&
            l.status === 'cancelled' &&
            l.chain.finality === 'finalized',
        ),
      30_000,
    );
    expect(converged.verification).toEqual({ verified: true, reason: null });
    expect(chainStatus[(await p.actions.getLoan(orphan.loanId)).status]).toBe('cancelled');
    await p.until(
      '/ready',
      () => ready().then((r) => r.status),
      (s) => s === 200,
      30_000,
    );

    // Only a halted indexer is resumed: a second run refuses and changes nothing.
    const again = await resume();
    expect(again.code).not.toBe(0);
    expect(again.output).toMatch(/indexer:resume refused: the indexer is not halted/);
  }, 120_000);
});
