/**
 * 2. Realtime: a loan requested, funded and repaid on the chain, each transaction timed until the
 * API answers the loan's new status, (a) through the indexer alone or (b) through the tx-hash
 * fast path.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import { demoWallets, microLendingAbi, mockUsdcAbi } from '@lendpath/contracts';
import { type Address, encodeFunctionData, type Hex, maxUint256 } from 'viem';

import type { Stack } from './stack.ts';

/** How often the bench looks at the API for a new status. */
export const REALTIME_POLL_MS = 10;
/** The realtime loans: 1 USDC for 7 days at 5 % APR, within the contract's and SPEC's limits. */
const LOAN = { usdc: 1, units: 1_000_000n, days: 7, aprBps: 500n };

export interface Member {
  id: string;
  token: string;
}

interface LoanView {
  _id: string;
  loanChainId: string;
  status: string;
}

type Kind = 'request' | 'fund' | 'repay';

export interface Sample {
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

export function realtime(stack: Stack, borrower: Member, lender: Member) {
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

export async function login(apiUrl: string, email: string, password: string): Promise<Member> {
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
