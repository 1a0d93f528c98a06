import { demoWallets } from '@lendpath/contracts';
import type { INestApplication } from '@nestjs/common';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';

import { openLoanStream } from '@lendpath/test-kit/loan-stream';

import type { LoanRequestView } from '../../src/lending/loan-request-view';
import { createApp } from '../../src/main';
import { type Member, type Pipeline, startPipeline } from './pipeline';

const [adaKey, graceKey] = demoWallets.map((w) => w.privateKey) as [Hex, Hex];
const adaWallet = privateKeyToAccount(adaKey).address;
const graceWallet = privateKeyToAccount(graceKey).address;
/** Hardhat's public test account #4: unlocked on the node, linked by no one at first. */
const danaKey: Hex = '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a';
const danaWallet = privateKeyToAccount(danaKey).address;
const DAY = 86_400n;

interface Answer<T = unknown> {
  status: number;
  body: { success: boolean; message: string; code?: string; data: T };
}
interface Nonce {
  nonce: string;
  expiresAt: string;
}
interface Linked {
  address: string;
  linkedAt: string;
  loansAttached: number;
}

describe('wallets linked by signature (SIWE), and who a loan belongs to', () => {
  let p: Pipeline;
  let ada: Member;
  let grace: Member;
  let mallory: Member;
  /** A second replica on the same database, Redis prefix and chain, nonces living 1 s. */
  let replica: INestApplication;
  let replicaUrl: string;
  let replicaClosed = false;

  beforeAll(async () => {
    p = await startPipeline();
    ada = await p.member('Ada Borrower');
    grace = await p.member('Grace Lender');
    mallory = await p.member('Mallory');
    for (const wallet of [adaWallet, graceWallet]) {
      await p.actions.approve(wallet);
    }
    replica = await createApp({ ...p.env, WALLET_NONCE_TTL_SECONDS: 1 });
    await replica.listen(0, '127.0.0.1');
    replicaUrl = await replica.getUrl();
  }, 90_000);
  afterAll(async () => {
    if (!replicaClosed) {
      await replica?.close();
    }
    await p.close();
  });

  const origin = 'http://localhost:5173';
  const nonceFor = async (member: Member, url?: string) => {
    const answer =
      url === undefined
        ? await p.call<Nonce>(member, 'POST', '/wallets/nonce')
        : await callAt<Nonce>(url, member, 'POST', '/wallets/nonce');
    expect(answer.status).toBe(201);
    return answer.body.data.nonce;
  };
  const callAt = async <T>(
    url: string,
    member: Member,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<Answer<T>> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
  };
  /** A sign-in message as the web client makes it, with `changes` applied. */
  const siwe = (
    key: Hex,
    nonce: string,
    changes: Partial<Parameters<typeof createSiweMessage>[0]> = {},
  ) =>
    createSiweMessage({
      address: privateKeyToAccount(key).address,
      chainId: p.chain.deployment.chainId,
      domain: 'localhost:5173',
      uri: origin,
      nonce,
      version: '1',
      statement: 'Link this wallet to my LendPath account.',
      ...changes,
    });
  const link = async (member: Member, key: Hex, message: string, signer: Hex = key) =>
    p.call<Linked>(member, 'POST', '/wallets', {
      message,
      signature: await privateKeyToAccount(signer).signMessage({ message }),
    });
  const walletsOf = async (member: Member) =>
    (await p.call<{ address: string; linkedAt: string }[]>(member, 'GET', '/wallets')).body.data;
  const loan = async (id: string) =>
    (await p.call<LoanRequestView>(ada, 'GET', `/microlending/requests/${id}`)).body.data;
  const record = (member: Member, wallet: string, loanId: bigint, amount: number, days: number) =>
    p.call<LoanRequestView>(member, 'POST', '/microlending/request', {
      amount,
      duration: days,
      walletAddress: wallet,
      description: `Loan #${loanId}`,
      borrower: member.id,
      loanChainId: `${loanId}`,
    });

  describe('linking', () => {
    it('links the wallet that signed a sign-in message with a fresh nonce', async () => {
      const issued = await p.call<Nonce>(ada, 'POST', '/wallets/nonce');
      expect(issued.status).toBe(201);
      expect(issued.body.data.nonce).toMatch(/^[A-Za-z0-9]{17,}$/);
      const ttl = Date.parse(issued.body.data.expiresAt) - Date.now();
      expect(ttl).toBeGreaterThan(290_000);
      expect(ttl).toBeLessThanOrEqual(300_000);

      const linked = await link(ada, adaKey, siwe(adaKey, issued.body.data.nonce));
      expect(linked).toMatchObject({
        status: 201,
        body: {
          success: true,
          message: 'Wallet linked',
          data: { address: adaWallet, loansAttached: 0 },
        },
      });
      expect(await walletsOf(ada)).toEqual([
        { address: adaWallet, linkedAt: linked.body.data.linkedAt },
      ]);
      // Linking it again changes nothing.
      const again = await link(ada, adaKey, siwe(adaKey, await nonceFor(ada)));
      expect(again.status).toBe(201);
      expect(again.body.data.linkedAt).toBe(linked.body.data.linkedAt);
      await p.linkWallet(grace, graceKey);
      expect((await walletsOf(grace)).map((w) => w.address)).toEqual([graceWallet]);
    });

    it('refuses a nonce used, issued to another member, or expired', async () => {
      const key = generatePrivateKey();
      const message = siwe(key, await nonceFor(mallory));
      const signature = await privateKeyToAccount(key).signMessage({ message });
      expect((await p.call(mallory, 'POST', '/wallets', { message, signature })).status).toBe(201);
      const used = await p.call(mallory, 'POST', '/wallets', { message, signature });
      expect(used).toMatchObject({
        status: 400,
        body: {
          success: false,
          code: 'WALLET.NONCE_INVALID',
          message: 'This sign-in request has expired or was already used. Please try again.',
        },
      });

      // Grace's nonce is no use to Mallory, and Mallory's attempt leaves it to Grace.
      const gracesNonce = await nonceFor(grace);
      const stolen = await link(mallory, key, siwe(key, gracesNonce));
      expect(stolen.body.code).toBe('WALLET.NONCE_INVALID');
      expect((await link(grace, graceKey, siwe(graceKey, gracesNonce))).status).toBe(201);

      // A failed attempt uses the nonce up as well.
      const nonce = await nonceFor(mallory);
      const elsewhere = await link(mallory, key, siwe(key, nonce, { domain: 'evil.example' }));
      expect(elsewhere.body.code).toBe('WALLET.DOMAIN_MISMATCH');
      expect((await link(mallory, key, siwe(key, nonce))).body.code).toBe('WALLET.NONCE_INVALID');

      // WALLET_NONCE_TTL_SECONDS=1 on the replica.
      const shortLived = siwe(key, await nonceFor(mallory, replicaUrl));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const late = await callAt(replicaUrl, mallory, 'POST', '/wallets', {
        message: shortLived,
        signature: await privateKeyToAccount(key).signMessage({ message: shortLived }),
      });
      expect(late.body.code).toBe('WALLET.NONCE_INVALID');
    });

    it('refuses a message for another site or chain, out of its time, or not signed by its wallet', async () => {
      const key = generatePrivateKey();
      const cases: [
        string,
        Partial<Parameters<typeof createSiweMessage>[0]>,
        Hex,
        string,
        string?,
      ][] = [
        ['another domain', { domain: 'evil.example' }, key, 'WALLET.DOMAIN_MISMATCH'],
        ['another origin', { uri: 'https://evil.example/login' }, key, 'WALLET.DOMAIN_MISMATCH'],
        ['another scheme', { scheme: 'https' }, key, 'WALLET.DOMAIN_MISMATCH'],
        [
          'another chain',
          { chainId: 1 },
          key,
          'WALLET.CHAIN_MISMATCH',
          'Please sign in on Hardhat (chain 31337); this message is for chain 1',
        ],
        [
          'an expired message',
          { expirationTime: new Date(Date.now() - 1_000) },
          key,
          'WALLET.MESSAGE_INVALID',
        ],
        [
          'a message not valid yet',
          { notBefore: new Date(Date.now() + 60_000) },
          key,
          'WALLET.MESSAGE_INVALID',
        ],
        [
          'another wallet’s signature',
          {},
          generatePrivateKey(),
          'WALLET.SIGNATURE_INVALID',
          'The signature does not match the wallet named in the message',
        ],
      ];
      for (const [what, changes, signer, code, message] of cases) {
        const answer = await link(
          mallory,
          key,
          siwe(key, await nonceFor(mallory), changes),
          signer,
        );
        expect({ what, status: answer.status, code: answer.body.code }).toEqual({
          what,
          status: 400,
          code,
        });
        if (message !== undefined) {
          expect(answer.body.message).toBe(message);
        }
      }
      const garbled = await p.call(mallory, 'POST', '/wallets', {
        message: siwe(key, await nonceFor(mallory)),
        signature: '0x1234',
      });
      expect(garbled.body.code).toBe('WALLET.SIGNATURE_INVALID');
      const prose = await p.call(mallory, 'POST', '/wallets', {
        message: 'Please link my wallet',
        signature: '0x1234',
      });
      expect(prose).toMatchObject({ status: 400, body: { code: 'WALLET.MESSAGE_INVALID' } });
      const noBody = await p.call(mallory, 'POST', '/wallets', {});
      expect(noBody).toMatchObject({ status: 400, body: { code: 'REQUEST.INVALID' } });
      expect((await walletsOf(mallory)).map((w) => w.address)).not.toContain(
        privateKeyToAccount(key).address,
      );
    });

    it('keeps a wallet to one member', async () => {
      const taken = await link(mallory, adaKey, siwe(adaKey, await nonceFor(mallory)));
      expect(taken).toMatchObject({
        status: 409,
        body: {
          code: 'WALLET.LINKED_ELSEWHERE',
          message: 'This wallet is already linked to another member',
        },
      });
      expect((await walletsOf(ada)).map((w) => w.address)).toEqual([adaWallet]);
    });
  });

  describe('loans, through the fast path (the indexer is not running)', () => {
    let first: { loanId: bigint; id: string };

    it("refuses to record another wallet's loan for the caller", async () => {
      const request = await p.actions.request(adaWallet, 2_000_000n, 14n * DAY);
      const claimed = await record(mallory, adaWallet, request.loanId, 2, 14);
      expect(claimed).toMatchObject({
        status: 403,
        body: { code: 'LOAN.WALLET_NOT_LINKED', message: 'Link this wallet to your account first' },
      });
      const recorded = await record(ada, adaWallet, request.loanId, 2, 14);
      expect(recorded.status).toBe(201);
      expect(recorded.body.data).toMatchObject({
        borrower: { _id: ada.id, fullname: 'Ada Borrower' },
        lender: null,
        description: `Loan #${request.loanId}`,
      });
      first = { loanId: request.loanId, id: recorded.body.data._id };
    });

    it("refuses another member's replayed receipt, and the loan's members stay who they are", async () => {
      const funded = await p.actions.fund(graceWallet, first.loanId, 750n);
      const fundBody = {
        transactionHash: funded.hash,
        interestRate: 7.5,
        lenderWalletAddress: graceWallet,
      };
      const path = `/microlending/requests/${first.id}`;
      const replayed = await p.call(mallory, 'POST', `${path}/fund`, fundBody);
      expect(replayed).toMatchObject({
        status: 403,
        body: {
          code: 'LOAN.NOT_YOUR_TRANSACTION',
          message: `Transaction ${funded.hash} was made by the lender wallet ${graceWallet}, which is not linked to your account`,
        },
      });
      expect(await loan(first.id)).toMatchObject({ status: 'requested', lender: null });
      expect((await p.call(grace, 'POST', `${path}/fund`, fundBody)).status).toBe(200);
      expect((await p.call(mallory, 'POST', `${path}/fund`, fundBody)).status).toBe(403);
      expect(await loan(first.id)).toMatchObject({
        status: 'funded',
        lender: { _id: grace.id, fullname: 'Grace Lender' },
        borrower: { _id: ada.id },
      });
      const lent = await p.call<{ loanRequests: LoanRequestView[] }>(
        grace,
        'GET',
        '/microlending/requests?lender=me',
      );
      expect(lent.body.data.loanRequests.map((l) => l._id)).toEqual([first.id]);
      expect(
        (
          await p.call<{ loanRequests: unknown[] }>(
            mallory,
            'GET',
            '/microlending/requests?lender=me',
          )
        ).body.data.loanRequests,
      ).toEqual([]);

      const repaid = await p.actions.repay(adaWallet, first.loanId);
      const stranger = await p.call(grace, 'POST', `${path}/repay`, {
        transactionHash: repaid.hash,
      });
      expect(stranger).toMatchObject({
        status: 403,
        body: {
          code: 'LOAN.NOT_YOUR_TRANSACTION',
          message: `Transaction ${repaid.hash} was made by the borrower wallet ${adaWallet}, which is not linked to your account`,
        },
      });
      expect(
        (await p.call(ada, 'POST', `${path}/repay`, { transactionHash: repaid.hash })).status,
      ).toBe(200);
    });

    it('unlinks a wallet only while no open loan uses it; relinking attaches its loans again', async () => {
      const open = await p.actions.request(adaWallet, 1_000_000n, 7n * DAY);
      const recorded = await record(ada, adaWallet, open.loanId, 1, 7);
      expect((await p.call(ada, 'GET', '/microlending/borrowing-status')).body.data).toMatchObject({
        canBorrow: false,
        activeLoan: { _id: recorded.body.data._id },
      });
      expect((await p.call(mallory, 'DELETE', `/wallets/${adaWallet}`)).body).toMatchObject({
        code: 'WALLET.NOT_LINKED',
      });
      expect((await p.call(mallory, 'DELETE', `/wallets/${adaWallet}`)).status).toBe(404);
      const inUse = await p.call(ada, 'DELETE', `/wallets/${adaWallet}`);
      expect(inUse).toMatchObject({ status: 409, body: { code: 'WALLET.IN_USE' } });
      expect(inUse.body.message).toMatch(/^This wallet has an open loan/);

      await p.actions.cancel(adaWallet, open.loanId);
      await p.call(ada, 'POST', `/microlending/requests/${recorded.body.data._id}/cancel`);
      const unlinked = await p.call(ada, 'DELETE', `/wallets/${adaWallet.toLowerCase()}`);
      expect(unlinked).toMatchObject({
        status: 200,
        body: { success: true, message: 'Wallet unlinked', data: { address: adaWallet } },
      });
      expect(await walletsOf(ada)).toEqual([]);
      // The loans stay on chain, with no member and no description, until the wallet is linked.
      expect(await loan(first.id)).toMatchObject({ borrower: null, description: '' });
      const mine = await p.call<{ loanRequests: unknown[] }>(
        ada,
        'GET',
        '/microlending/requests?borrower=me',
      );
      expect(mine.body.data.loanRequests).toEqual([]);

      const relinked = await link(ada, adaKey, siwe(adaKey, await nonceFor(ada)));
      expect(relinked.body.data.loansAttached).toBe(2);
      expect(await loan(first.id)).toMatchObject({
        borrower: { _id: ada.id },
        description: `Loan #${first.loanId}`,
      });
    });

    it('pushes a change reconciled on one replica to a stream open on another, and on it, once each', async () => {
      const anonymous = await fetch(`${replicaUrl}/microlending/stream`);
      expect(anonymous.status).toBe(401);
      const stream = await openLoanStream(replicaUrl, grace.token);
      // On the replica that commits it: sent to its streams at once, its echo from Redis skipped.
      const own = await openLoanStream(p.url, grace.token);
      try {
        expect(stream.status).toBe(200);
        expect(stream.contentType).toMatch(/^text\/event-stream/);
        await p.until(
          'the retry field',
          () => Promise.resolve(stream.blocks[0]),
          (b) => b !== undefined,
        );
        expect(stream.blocks[0]).toBe('retry: 2000');
        const request = await p.actions.request(adaWallet, 3_000_000n, 21n * DAY);
        // Recorded on the first replica, which reconciles it (no indexer: no one else does).
        const recorded = await record(ada, adaWallet, request.loanId, 3, 21);
        const [change] = await p.until(
          'the change on the other replica',
          () => Promise.resolve(stream.loans().filter((l) => l._id === recorded.body.data._id)),
          (changes) => changes.length > 0,
          5_000,
        );
        expect(change).toEqual({
          _id: recorded.body.data._id,
          loanChainId: `${request.loanId}`,
          status: 'requested',
          finality: 'pending',
          asOfBlock: Number(request.blockNumber),
        });
        const ofLoan = (s: typeof stream) =>
          s.loans().filter((l) => l._id === recorded.body.data._id);
        await p.until(
          'the change on the replica that committed it',
          () => Promise.resolve(ofLoan(own)),
          (changes) => changes.length > 0,
          5_000,
        );
        // A copy of it (the committing replica hearing its own message back from Redis) would
        // come within milliseconds: given a generous while, none has.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(ofLoan(own)).toEqual([change]);
        expect(ofLoan(stream)).toEqual([change]);
      } finally {
        stream.close();
        own.close();
      }
    });
  });

  describe('with the indexer running', () => {
    beforeAll(async () => {
      await p.startIndexer();
      // Until its first sync reaches the head the indexer vouches for nothing (finality reads
      // `unverified`); on a loaded machine that first sync can outlast the next test's blocks.
      await p.until(
        'the indexer at the head',
        () =>
          p.db.query<{ caught_up: boolean }[]>(
            `SELECT caught_up_at IS NOT NULL AS caught_up FROM indexer.sources`,
          ),
        (rows) => rows[0]?.caught_up === true,
        30_000,
      );
    }, 60_000);

    it('lists a loan an unlinked wallet made on chain with no member, until its owner links it', async () => {
      const request = await p.actions.request(danaWallet, 1_500_000n, 10n * DAY);
      const listed = await p.until(
        `loan #${request.loanId} listed`,
        async () =>
          (
            await p.call<{ loanRequests: LoanRequestView[] }>(
              ada,
              'GET',
              '/microlending/requests?limit=100',
            )
          ).body.data.loanRequests.find((l) => l.loanChainId === `${request.loanId}`),
        (found) => found !== undefined,
      );
      expect(listed).toMatchObject({ borrower: null, description: '', walletAddress: danaWallet });
      const dana = await p.member('Dana');
      const linked = await link(dana, danaKey, siwe(danaKey, await nonceFor(dana)));
      expect(linked.body.data).toMatchObject({ address: danaWallet, loansAttached: 1 });
      expect(await loan(listed!._id)).toMatchObject({
        borrower: { _id: dana.id, fullname: 'Dana' },
        description: '',
      });
      const mine = await p.call<{ loanRequests: LoanRequestView[] }>(
        dana,
        'GET',
        '/microlending/requests?borrower=me',
      );
      expect(mine.body.data.loanRequests.map((l) => l._id)).toEqual([listed!._id]);
      const described = await record(dana, danaWallet, request.loanId, 1.5, 10);
      expect(described.body.data.description).toBe(`Loan #${request.loanId}`);
    });

    it('streams a status change within a couple of seconds of the chain event, then its finality', async () => {
      const request = await p.actions.request(adaWallet, 4_000_000n, 30n * DAY);
      const listed = await p.until(
        'the request listed',
        async () =>
          (
            await p.call<{ loanRequests: LoanRequestView[] }>(
              ada,
              'GET',
              '/microlending/requests?status=requested&limit=100',
            )
          ).body.data.loanRequests.find((l) => l.loanChainId === `${request.loanId}`),
        (found) => found !== undefined,
      );
      const stream = await openLoanStream(p.url, ada.token);
      try {
        await p.until(
          'the stream open',
          () => Promise.resolve(stream.blocks.length),
          (n) => n > 0,
        );
        const funded = await p.actions.fund(graceWallet, request.loanId, 500n);
        const sentAt = Date.now();
        const changes = () => stream.loans().filter((l) => l._id === listed!._id);
        await p.until(
          'the funded change',
          () => Promise.resolve(changes()),
          (c) => c.some((l) => l.status === 'funded'),
          5_000,
        );
        expect(Date.now() - sentAt).toBeLessThan(2_000);
        expect(changes().find((l) => l.status === 'funded')).toEqual({
          _id: listed!._id,
          loanChainId: `${request.loanId}`,
          status: 'funded',
          finality: 'pending',
          asOfBlock: Number(funded.blockNumber),
        });
        // Blocks settle with no event of this loan: pending → safe → finalized, live (the
        // local chain's depths: safe 2, finalized 5 blocks behind the head).
        const finality = () => Promise.resolve(changes().map((l) => l.finality));
        await p.chain.mine(2);
        await p.until('safe', finality, (f) => f.includes('safe'), 15_000);
        await p.chain.mine(4);
        await p.until('finalized', finality, (f) => f.includes('finalized'), 15_000);
        expect(changes().at(-1)).toMatchObject({ status: 'funded', finality: 'finalized' });
      } finally {
        stream.close();
      }
    });

    it('ends open streams when the API stops, without holding the shutdown', async () => {
      const stream = await openLoanStream(replicaUrl, ada.token);
      await p.until(
        'the stream open',
        () => Promise.resolve(stream.blocks.length),
        (n) => n > 0,
      );
      replicaClosed = true;
      const closing = replica.close();
      // Ended before the HTTP server closes: the stream never holds the shutdown.
      await p.until('the stream to end', () => Promise.resolve(stream.ended()), Boolean, 1_000);
      const started = Date.now();
      await closing;
      expect(Date.now() - started).toBeLessThan(p.env.API_SHUTDOWN_TIMEOUT_MS);
    });
  });
});
