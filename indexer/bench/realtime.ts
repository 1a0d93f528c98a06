/**
 * 2. Realtime: a loan requested, funded and repaid on the chain, each transaction timed until the
 * API answers the loan's new status, (a) through the indexer alone or (b) through the tx-hash
 * fast path.
 *
 * In (a) the bench learns of the change as a member's open page does, from the API's loan stream
 * (GET /microlending/stream), then asks for the loan and times the answer. It polled every 10 ms
 * before: half an interval on average, a whole one at worst, was measuring the bench.
 */
import { demoWallets, microLendingAbi, mockUsdcAbi } from '@lendpath/contracts';
import { type Address, encodeFunctionData, type Hex, maxUint256 } from 'viem';

import { jsonClient } from '@lendpath/test-kit/bench/json-client';
import type { LoanStream, StreamedLoan } from '@lendpath/test-kit/loan-stream';

import type { Stack } from './stack.ts';

/** How the bench learns that a loan changed, in (a). */
export const REALTIME_OBSERVED_BY = 'loan stream, then GET the loan';
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

/** `stream` is the borrower's open loan stream (the lender's would carry the same events). */
export function realtime(stack: Stack, borrower: Member, lender: Member, stream: LoanStream) {
  const apiClient = jsonClient(stack.apiUrl);
  const nodeClient = jsonClient(stack.chain.rpcUrl);
  const [borrowerWallet, lenderWallet] = demoWallets.map((w) => w.address) as [Address, Address];
  const { lending, usdc } = stack.chain.deployment;

  const send = async (from: Address, to: Address, data: Hex): Promise<Sent> => {
    const sent = performance.now();
    const sentAt = Date.now();
    // Automine: the node answers once the transaction is in a block.
    const { body } = await nodeClient<{ result?: Hex; error?: { message: string } }>('POST', '/', {
      body: { jsonrpc: '2.0', id: 1, method: 'eth_sendTransaction', params: [{ from, to, data }] },
    });
    if (body.result === undefined) {
      throw new Error(`eth_sendTransaction: ${body.error?.message ?? 'no result'}`);
    }
    return {
      hash: body.result,
      sent,
      sentAt,
      mineMs: performance.now() - sent,
      minedAt: Date.now(),
    };
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

  const api = <T>(member: Member, method: string, path: string, body?: unknown) =>
    apiClient<Answer<T>['body']>(method, path, {
      headers: { authorization: `Bearer ${member.token}` },
      body,
    });
  /**
   * Waits for the stream to announce loan #`loanChainId` in `status`, then asks the API for the
   * loan: seen when that answer shows it (an announcement the API does not answer is an error).
   */
  const announced = async (loanChainId: string, status: string): Promise<Seen<LoanView>> => {
    const change: StreamedLoan = await stream
      .next((loan) => loan.loanChainId === loanChainId && loan.status === status)
      .catch((error: unknown) => {
        throw new Error(
          `loan #${loanChainId} ${status}: ${(error as Error).message}\nindexer:\n${stack.indexer?.tail()}`,
        );
      });
    const { status: code, body } = await api<LoanView>(
      borrower,
      'GET',
      `/microlending/requests/${change._id}`,
    );
    const at = performance.now();
    if (code !== 200 || body.data.status !== status) {
      throw new Error(
        `loan #${loanChainId} announced ${status}, then answered HTTP ${code} ${body.data?.status}`,
      );
    }
    return { value: body.data, at, seenAt: Date.now() };
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
    /** Closes the kept-alive sockets. */
    close(): void {
      apiClient.close();
      nodeClient.close();
    },

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
      const listed = await announced(loanId, 'requested');
      const samples = [sample('request', loanId, requested, listed)];
      const funded = await fund(loanId);
      samples.push(sample('fund', loanId, funded, await announced(loanId, 'funded')));
      const repaid = await repay(loanId);
      samples.push(sample('repay', loanId, repaid, await announced(loanId, 'repaid')));
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
