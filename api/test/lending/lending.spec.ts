import { demoWallets } from '@lendpath/contracts';
import { CHAIN_EVENTS_JOB, CHAIN_EVENTS_QUEUE, type ChainEventsJob } from '@lendpath/indexer/jobs';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

import { chainStatus } from '@lendpath/test-kit/loans';
import type { LoanRequestView } from '../../src/lending/loan-request-view';
import { LoanProjection } from '../../src/lending/projection/loan-projection';
import { type Member, type Pipeline, startPipeline } from './pipeline';

const [aliceWallet, bobWallet, carolWallet] = demoWallets.map((w) => w.address) as [
  `0x${string}`,
  `0x${string}`,
  `0x${string}`,
];
const [aliceKey, bobKey] = demoWallets.map((w) => w.privateKey) as [`0x${string}`, `0x${string}`];
const DAY = 86_400n;
const usdc = (amount: number) => BigInt(Math.round(amount * 1e6));

interface Page {
  loanRequests: LoanRequestView[];
  pagination: { pages: number; total: number };
}

describe('lending: chain → indexer → queue → projection → API', () => {
  let p: Pipeline;
  let alice: Member;
  let bob: Member;

  beforeAll(async () => {
    p = await startPipeline();
    alice = await p.member('Alice Borrower');
    bob = await p.member('Bob Lender');
    // Carol's wallet stays unlinked: her loans belong to no member.
    await p.linkWallet(alice, aliceKey);
    await p.linkWallet(bob, bobKey);
    for (const wallet of [aliceWallet, bobWallet, carolWallet]) {
      await p.actions.approve(wallet);
    }
  }, 90_000);
  afterAll(() => p.close());

  const byChainId = async (loanId: bigint): Promise<LoanRequestView | undefined> => {
    const { body } = await p.call<Page>(alice, 'GET', '/microlending/requests?limit=100');
    return body.data.loanRequests.find((loan) => loan.loanChainId === `${loanId}`);
  };
  const statusOf = async (loanId: bigint) => (await byChainId(loanId))?.status;
  const reaches = (loanId: bigint, status: string) =>
    p.until(
      `loan #${loanId} ${status}`,
      () => statusOf(loanId),
      (s) => s === status,
    );
  /** Every projected loan has the contract's own getLoan status. */
  const matchesChain = async () => {
    const counter = await p.actions.loanCounter();
    for (let id = 1n; id <= counter; id++) {
      const onChain = chainStatus[(await p.actions.getLoan(id)).status];
      expect({ id, status: await statusOf(id) }).toEqual({ id, status: onChain });
    }
  };
  const snapshot = () =>
    p.db.query<unknown[]>(`SELECT * FROM app.loan_requests ORDER BY chain_id, loan_chain_id`);

  describe('through the fast path (the indexer is not running)', () => {
    it('creates the record for a verified loan and moves it on each verified receipt', async () => {
      const request = await p.actions.request(aliceWallet, usdc(2.5), 14n * DAY);
      const created = await p.call<LoanRequestView>(alice, 'POST', '/microlending/request', {
        amount: 2.5,
        duration: 14,
        walletAddress: aliceWallet,
        description: 'Seed money for a market stall',
        borrower: alice.id,
        loanChainId: Number(request.loanId),
        transactionHash: request.hash,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        success: true,
        message: 'Loan request created successfully',
        data: {
          loanChainId: `${request.loanId}`,
          status: 'requested',
          amount: 2.5,
          duration: 14,
          walletAddress: aliceWallet,
          description: 'Seed money for a market stall',
          borrower: { _id: alice.id, fullname: 'Alice Borrower' },
          chain: { finality: 'pending' },
        },
      });
      const id = created.body.data._id;

      // The wallet's member may record again: a new description, the same record.
      const again = await p.call<LoanRequestView>(alice, 'POST', '/microlending/request', {
        amount: 2.5,
        duration: 14,
        walletAddress: aliceWallet,
        description: 'Seed money for a market stall, and a sign',
        borrower: alice.id,
        loanChainId: `${request.loanId}`,
      });
      expect(again.status).toBe(201);
      expect(again.body.data).toMatchObject({
        _id: created.body.data._id,
        description: 'Seed money for a market stall, and a sign',
        createdAt: created.body.data.createdAt,
      });

      const approve = await p.call(bob, 'POST', `/microlending/requests/${id}/approve`, {
        interestRate: 7.5,
        lenderWalletAddress: bobWallet,
      });
      expect(approve).toMatchObject({ status: 200, body: { message: 'Funding intent recorded' } });
      expect(
        (
          await p.call(alice, 'POST', `/microlending/requests/${id}/approve`, {
            interestRate: 5,
            lenderWalletAddress: carolWallet,
          })
        ).body.code,
      ).toBe('LOAN.OWN_REQUEST');

      const fundTx = await p.actions.fund(bobWallet, request.loanId, 750n);
      const ownFund = await p.call(alice, 'POST', `/microlending/requests/${id}/fund`, {
        transactionHash: fundTx.hash,
        interestRate: 7.5,
        lenderWalletAddress: bobWallet,
      });
      expect(ownFund).toMatchObject({
        status: 403,
        body: { message: 'You cannot fund your own loan request' },
      });
      const wrongRate = await p.call(bob, 'POST', `/microlending/requests/${id}/fund`, {
        transactionHash: fundTx.hash,
        interestRate: 8,
        lenderWalletAddress: bobWallet,
      });
      expect(wrongRate.body.message).toBe(
        `Transaction ${fundTx.hash} funded the loan at 7.5% APR, not 8%`,
      );
      const funded = await p.call<LoanRequestView>(
        bob,
        'POST',
        `/microlending/requests/${id}/fund`,
        {
          transactionHash: fundTx.hash,
          interestRate: 7.5,
          lenderWalletAddress: bobWallet,
        },
      );
      expect(funded.body).toMatchObject({
        success: true,
        message: 'Loan funded successfully!',
        data: {
          status: 'funded',
          interestRate: 7.5,
          lenderWalletAddress: bobWallet,
          lender: { _id: bob.id, fullname: 'Bob Lender' },
          borrower: { _id: alice.id, fullname: 'Alice Borrower' },
          maxInterestRate: 20,
        },
      });
      expect(funded.body.data.repaymentAmount).toBeGreaterThan(2.5);
      expect(funded.body.data.dueDate).not.toBeNull();

      const lent = await p.call<Page>(bob, 'GET', '/microlending/requests?lender=me');
      expect(lent.body.data.loanRequests.map((loan) => loan._id)).toEqual([id]);

      const repayTx = await p.actions.repay(aliceWallet, request.loanId);
      const repaid = await p.call<LoanRequestView>(
        alice,
        'POST',
        `/microlending/requests/${id}/repay`,
        {
          transactionHash: repayTx.hash,
        },
      );
      expect(repaid.body).toMatchObject({
        message: 'Loan repaid successfully!',
        data: { status: 'repaid' },
      });
      const mine = await p.call<Page>(alice, 'GET', '/microlending/requests?borrower=me');
      expect(mine.body.data.loanRequests.map((loan) => loan.status)).toEqual(['repaid']);
    });

    it('refuses a forged or unrelated transaction hash and changes nothing', async () => {
      const request = await p.actions.request(aliceWallet, usdc(1), 7n * DAY);
      const created = await p.call<LoanRequestView>(alice, 'POST', '/microlending/request', {
        amount: 1,
        duration: 7,
        walletAddress: aliceWallet,
        description: 'Bus fare for a month',
        borrower: alice.id,
        loanChainId: `${request.loanId}`,
      });
      expect(created.body.data.status).toBe('requested');
      const id = created.body.data._id;
      const other = await p.actions.request(carolWallet, usdc(1), 7n * DAY);
      const otherFund = await p.actions.fund(bobWallet, other.loanId, 500n);
      const before = await snapshot();

      const forged = `0x${'ab'.repeat(32)}`;
      const attempts: [string, unknown, string][] = [
        [
          'fund',
          { transactionHash: forged, interestRate: 5, lenderWalletAddress: bobWallet },
          'LOAN.TX_NOT_FOUND',
        ],
        [
          'fund',
          { transactionHash: otherFund.hash, interestRate: 5, lenderWalletAddress: bobWallet },
          'LOAN.TX_UNRELATED',
        ],
        ['repay', { transactionHash: request.hash }, 'LOAN.TX_UNRELATED'],
        ['complete', { transactionHash: otherFund.hash }, 'LOAN.TX_UNRELATED'],
        ['withdraw', { transactionHash: forged }, 'LOAN.TX_NOT_FOUND'],
        [
          'fund',
          { transactionHash: 'not-a-hash', interestRate: 5, lenderWalletAddress: bobWallet },
          'REQUEST.INVALID',
        ],
      ];
      for (const [action, body, code] of attempts) {
        const answer = await p.call(bob, 'POST', `/microlending/requests/${id}/${action}`, body);
        expect({ action, code: answer.body.code }).toEqual({ action, code });
      }
      const unrelated = await p.call(bob, 'POST', `/microlending/requests/${id}/fund`, {
        transactionHash: otherFund.hash,
        interestRate: 5,
        lenderWalletAddress: bobWallet,
      });
      expect(unrelated.body.message).toBe(
        `Transaction ${otherFund.hash} holds no LoanFunded event of loan #${request.loanId} from the lending contract`,
      );
      expect(await snapshot()).toEqual(before);
    });

    it('checks a new request against the chain: the wallet, amount and duration, and the borrower', async () => {
      const request = await p.actions.request(aliceWallet, usdc(3), 30n * DAY);
      // A second wallet of Alice's, which did not borrow this loan.
      const otherKey = generatePrivateKey();
      const otherWallet = privateKeyToAccount(otherKey).address;
      await p.linkWallet(alice, otherKey);
      const base = {
        amount: 3,
        duration: 30,
        walletAddress: aliceWallet,
        description: 'Tools',
        borrower: alice.id,
        loanChainId: `${request.loanId}`,
      };
      type Case = [Record<string, unknown>, string, string];
      // Terms other than the chain's, refused as read from the contract or, given the request's
      // hash, from its receipt.
      const mismatches: Case[] = [
        [
          { amount: 4 },
          'LOAN.CHAIN_MISMATCH',
          `Loan #${request.loanId} on chain is for 3 USDC, not 4 USDC`,
        ],
        [
          { duration: 31 },
          'LOAN.CHAIN_MISMATCH',
          `Loan #${request.loanId} on chain runs 30 days, not 31 days`,
        ],
        [
          { walletAddress: otherWallet },
          'LOAN.CHAIN_MISMATCH',
          `Loan #${request.loanId} on chain belongs to ${aliceWallet}, not ${otherWallet}`,
        ],
      ];
      const refused = async (body: Record<string, unknown>, cases: Case[]) => {
        for (const [change, code, message] of cases) {
          const answer = await p.call(alice, 'POST', '/microlending/request', {
            ...body,
            ...change,
          });
          expect(answer.body).toMatchObject({ success: false, code, message });
        }
      };
      const before = await snapshot();
      await refused(base, [
        ...mismatches,
        [
          { walletAddress: bobWallet },
          'LOAN.WALLET_NOT_LINKED',
          'Link this wallet to your account first',
        ],
        [{ loanChainId: '999' }, 'LOAN.NOT_ON_CHAIN', 'Loan #999 does not exist on chain'],
        [
          { borrower: bob.id },
          'LOAN.NOT_YOUR_REQUEST',
          'You can only create loan requests for yourself',
        ],
        [{ amount: 11 }, 'REQUEST.INVALID', 'Amount must be between 0.01 and 10 USDC'],
        [{ description: undefined }, 'REQUEST.INVALID', 'Please fill in all required fields'],
      ]);
      await refused({ ...base, transactionHash: request.hash }, [
        ...mismatches,
        [
          { loanChainId: '999' },
          'LOAN.TX_UNRELATED',
          `Transaction ${request.hash} holds no LoanRequested event of loan #999 from the lending contract`,
        ],
      ]);
      // Someone else's receipt: Bob claims Alice's request for his own wallet.
      const replayed = await p.call(bob, 'POST', '/microlending/request', {
        ...base,
        transactionHash: request.hash,
        walletAddress: bobWallet,
        borrower: bob.id,
      });
      expect(replayed.body).toMatchObject({
        success: false,
        code: 'LOAN.CHAIN_MISMATCH',
        message: `Loan #${request.loanId} on chain belongs to ${aliceWallet}, not ${bobWallet}`,
      });
      expect(await snapshot()).toEqual(before);
    });

    it('cancels only for the borrower, and only once the chain says so', async () => {
      const request = await p.actions.request(aliceWallet, usdc(0.5), 10n * DAY);
      const created = await p.call<LoanRequestView>(alice, 'POST', '/microlending/request', {
        amount: 0.5,
        duration: 10,
        walletAddress: aliceWallet,
        description: 'Phone repair',
        borrower: alice.id,
        loanChainId: `${request.loanId}`,
      });
      const id = created.body.data._id;
      expect((await p.call(bob, 'POST', `/microlending/requests/${id}/cancel`)).body).toMatchObject(
        {
          code: 'LOAN.NOT_BORROWER',
          message: 'Only the borrower can cancel this loan request',
        },
      );
      expect((await p.call(alice, 'POST', `/microlending/requests/${id}/cancel`)).body.code).toBe(
        'LOAN.STILL_REQUESTED',
      );
      await p.actions.cancel(aliceWallet, request.loanId);
      const cancelled = await p.call<LoanRequestView>(
        alice,
        'POST',
        `/microlending/requests/${id}/cancel`,
      );
      expect(cancelled.body).toMatchObject({
        success: true,
        message: 'Loan request canceled successfully',
        data: { status: 'cancelled' },
      });
      expect((await p.call(alice, 'GET', '/microlending/requests/not-an-id')).body.message).toBe(
        'Loan not found',
      );
    });
  });

  describe('through the indexer alone', () => {
    beforeAll(async () => {
      await p.startIndexer();
    }, 60_000);

    it('confirms what the fast path showed, then settles it as finalized', async () => {
      await p.chain.mine(6);
      // Every loan Alice's linked wallet made is hers, the one she never recorded included.
      let hers = 0;
      for (let id = 1n; id <= (await p.actions.loanCounter()); id++) {
        hers += (await p.actions.getLoan(id)).borrower === aliceWallet ? 1 : 0;
      }
      await p.until(
        'finalized',
        async () =>
          (
            await p.call<Page>(alice, 'GET', '/microlending/requests?borrower=me&limit=100')
          ).body.data.loanRequests.map((loan) => loan.chain.finality),
        (finality) => finality.length === hers && finality.every((f) => f === 'finalized'),
        30_000,
      );
      // The indexer has passed every hinted block: the hints are dropped.
      await p.until(
        'the fast-path hints to be dropped',
        () => p.db.query<unknown[]>(`SELECT 1 FROM app.loan_chain_hints`),
        (rows) => rows.length === 0,
        30_000,
      );
      await matchesChain();
    });

    it('follows request → fund → repay, request → cancel and fund → default without any API call', async () => {
      const a = await p.actions.request(carolWallet, usdc(4), 7n * DAY);
      await reaches(a.loanId, 'requested');
      await p.actions.fund(bobWallet, a.loanId, 1000n);
      await reaches(a.loanId, 'funded');
      await p.actions.repay(carolWallet, a.loanId);
      await reaches(a.loanId, 'repaid');

      const b = await p.actions.request(carolWallet, usdc(1.25), 20n * DAY);
      await p.actions.cancel(carolWallet, b.loanId);
      await reaches(b.loanId, 'cancelled');

      const c = await p.actions.request(carolWallet, usdc(2), 7n * DAY);
      await p.actions.fund(bobWallet, c.loanId, 300n);
      await p.chain.rpc('evm_increaseTime', [Number(40n * DAY)]);
      await p.chain.mine(1);
      await p.actions.markDefaulted(bobWallet, c.loanId);
      await reaches(c.loanId, 'defaulted');
      // Made on chain without this app: listed, with no member attached.
      expect((await byChainId(c.loanId))?.borrower).toBeNull();
      await matchesChain();
    });

    it('converges when jobs arrive twice and out of order', async () => {
      const d = await p.actions.request(carolWallet, usdc(1), 7n * DAY);
      await p.actions.fund(bobWallet, d.loanId, 500n);
      await p.actions.repay(carolWallet, d.loanId);
      await reaches(d.loanId, 'repaid');
      const queue = p.app.get<Queue<ChainEventsJob>>(getQueueToken(CHAIN_EVENTS_QUEUE));
      const counter = await p.actions.loanCounter();
      const all = Array.from({ length: Number(counter) }, (_, i) => `${i + 1}`);
      const job = (loanIds: string[], n: number): ChainEventsJob => ({
        chainId: p.chain.deployment.chainId,
        address: p.chain.deployment.lending.address.toLowerCase(),
        fromBlock: 0,
        toBlock: n,
        loanIds,
        safeBlock: 0,
        finalizedBlock: 0,
      });
      // Old batches after new ones, the same batch three times, and all at once.
      await queue.addBulk(
        [all.reverse(), [`${d.loanId}`], [`${d.loanId}`], [`${d.loanId}`], ['1'], all].map(
          (ids, n) => ({
            name: CHAIN_EVENTS_JOB,
            data: job(ids, n),
          }),
        ),
      );
      await p.until(
        'the queue to drain',
        () => queue.getJobCounts('waiting', 'active'),
        (c) => (c.waiting ?? 0) + (c.active ?? 0) === 0,
      );
      const projection = p.app.get(LoanProjection);
      await Promise.all(all.map((id) => projection.reconcile([id])));
      await matchesChain();
    });

    it('rebuilds the same projection from the event store (reproject)', async () => {
      await p.chain.mine(6);
      await p.until(
        'hints to drain',
        () => p.db.query<unknown[]>(`SELECT 1 FROM app.loan_chain_hints`),
        (rows) => rows.length === 0,
      );
      await p.until(
        'finality to settle',
        () =>
          p.db.query<unknown[]>(`SELECT 1 FROM app.loan_requests WHERE finality <> 'finalized'`),
        (rows) => rows.length === 0,
      );
      const columns = `id, chain_id, loan_chain_id, status, borrower_wallet, amount_units, duration_seconds,
        max_apr_bps, requested_at, lender_wallet, apr_bps, start_date, due_date, repayment_units,
        repaid_units, penalty_units, repaid_at, escrowed, escrow_released, as_of_block,
        as_of_block_hash, finality, borrower_user_id, wallet_address, description, recorded_at`;
      const live = await p.db.query<unknown[]>(
        `SELECT ${columns} FROM app.loan_requests ORDER BY loan_chain_id`,
      );
      await p.db.query(
        `UPDATE app.loan_requests SET status = NULL, borrower_wallet = NULL, amount_units = NULL,
           lender_wallet = NULL, apr_bps = NULL, due_date = NULL, finality = NULL, as_of_block = NULL`,
      );
      await p.app.get(LoanProjection).reproject();
      expect(
        await p.db.query(`SELECT ${columns} FROM app.loan_requests ORDER BY loan_chain_id`),
      ).toEqual(live);
    });
  });
});
