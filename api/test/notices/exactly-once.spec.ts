import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';

import { type ApiProcess, startApiProcess } from '@lendpath/test-kit/api-crash';
import { NOTICES_QUEUE, type NoticeJob } from '../../src/notices/notices.queue';
import {
  DAY,
  type NoticeRig,
  type Party,
  PUBLIC_API_URL,
  settle,
  startNoticeRig,
} from './notice-rig';

/**
 * Exactly once (issue 21): two API processes (this one and the built API as a child process)
 * take the same notice jobs and both fold the same loans, one is killed -9 and started again,
 * and a duplicated job and a sender that died between claiming a notice and queueing its mail
 * are thrown in. Every notice still arrives once.
 */
describe('loan notices across two API processes and a restart', () => {
  let rig: NoticeRig;
  let second: ApiProcess | undefined;
  let ada: Party;
  let bob: Party;

  const startSecond = async (name: string): Promise<ApiProcess> => {
    const api = await startApiProcess({
      name,
      logDir: join(tmpdir(), 'lendpath-api-tests'),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: rig.p.databaseUrl,
        REDIS_URL: rig.p.env.REDIS_URL,
        QUEUE_PREFIX: rig.p.env.QUEUE_PREFIX,
        RPC_URL: rig.p.chain.rpcUrl,
        DEPLOYMENT_FILE: rig.p.chain.deploymentFile,
        SMTP_URL: rig.smtp.url,
        MAIL_RETRY_DELAY_MS: '100',
        NOTICE_CLOCK: 'adjustable',
        PUBLIC_API_URL,
      },
    });
    await rig.p.until(
      `${name} to answer`,
      () =>
        fetch(`${api.url}/health`)
          .then((response) => response.ok)
          .catch(() => false),
      Boolean,
      30_000,
    );
    return api;
  };

  beforeAll(async () => {
    const main = join(__dirname, '..', '..', 'dist', 'main.js');
    if (!existsSync(main)) {
      throw new Error(`${main} is missing: run \`npm run build -w api\` first`);
    }
    rig = await startNoticeRig();
    await rig.p.startIndexer();
    second = await startSecond('api-notices-2');
    ada = await rig.party('Ada Borrower');
    bob = await rig.party('Bob Lender');
  }, 120_000);
  afterAll(async () => {
    await second?.stop();
    await rig?.close();
  });

  it('mails each notice once', async () => {
    const queue = rig.p.app.get<Queue<NoticeJob>>(getQueueToken(NOTICES_QUEUE));
    await rig.syncClock();
    const request = await rig.p.actions.request(ada.wallet, 3_000_000n, 7n * BigInt(DAY));
    const funding = await rig.p.actions.fund(bob.wallet, request.loanId, 500n);
    // The second process folds the funding from Bob's receipt (the fast path) while this one
    // folds it from the indexer's job: both publish it, both plan the loan's notices.
    const recorded = await fetch(`${second!.url}/microlending/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ada.token}` },
      body: JSON.stringify({
        amount: 3,
        duration: 7,
        walletAddress: ada.wallet,
        description: 'A sewing machine',
        borrower: ada.id,
        loanChainId: Number(request.loanId),
        transactionHash: request.hash,
      }),
    });
    expect(recorded.status).toBe(201);
    const loanId = await rig.loanId(ada, request.loanId, 'funded');
    const fast = await fetch(`${second!.url}/microlending/requests/${loanId}/fund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bob.token}` },
      body: JSON.stringify({
        transactionHash: funding.hash,
        interestRate: 5,
        lenderWalletAddress: bob.wallet,
      }),
    });
    expect(fast.status).toBe(200);
    const label = `Loan #${loanId.slice(-6)}`;
    await rig.waitForMails(1);

    await rig.advance(4 * DAY);
    await rig.waitForMails(2);

    // A copy of the job just run under another id, as a duplicated or replayed job would be.
    const [sent] = (await queue.getCompleted()).filter(
      (job) => job.data.loanRequestId === loanId && job.data.kind === 'due-in-3-days',
    );
    expect(sent?.returnvalue).toBe('sent');
    const copy = await queue.add('due-in-3-days', sent!.data, { jobId: `${sent!.id}-copy` });
    await rig.p.until(
      'the copy to run',
      () => queue.getJobState(copy.id!),
      (state) => state === 'completed',
    );
    expect((await queue.getJob(copy.id!))?.returnvalue).toBe('sent before');

    // The second process killed -9 and started again: the notices waiting in Redis go on.
    await second!.kill();
    second = await startSecond('api-notices-2-restarted');
    await rig.advance(2 * DAY);
    await rig.waitForMails(3);
    await rig.advance(DAY);
    await rig.waitForMails(4);

    // A sender that claimed the grace notice and died before queueing its mail: the notice's
    // own job finds the claim unfinished and mails it, once.
    await rig.p.db.query(
      `INSERT INTO app.loan_notices (loan_request_id, kind, user_id, moment)
       VALUES ($1, 'grace-ended', $2, now())`,
      [loanId, ada.id],
    );
    await rig.advance(3 * DAY + 1);
    await rig.waitForMails(5);
    await rig.advance(DAY);
    await settle(3_000);

    expect(rig.subjectsFor(ada)).toEqual([
      `${label} is funded`,
      `${label} is due in 3 days`,
      `${label} is due tomorrow`,
      `${label} is due today`,
      `${label} is overdue`,
    ]);
    expect(rig.notices()).toHaveLength(5);
    const [row] = await rig.p.db.query<{ unqueued: number }[]>(
      `SELECT count(*) FILTER (WHERE queued_at IS NULL)::int AS unqueued FROM app.loan_notices`,
    );
    expect(row?.unqueued).toBe(0);
  }, 120_000);
});
