/**
 * Demo lending history for `npm run dev`: a handful of loans in each state, made through the
 * contract by the demo wallets and recorded by the demo members exactly as the web client does
 * (the member links their wallet by signing a Sign-In with Ethereum message, requestLoan in the
 * wallet, then POST /microlending/request). Some move on through the API's fast path, some only
 * through the indexer, so the marketplace and My Loans show both. Demo wallet 3 stays unlinked:
 * its loans show no member.
 */
import { type Deployment, demoWallets } from '@lendpath/contracts';
import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';

import { lendingActions } from './loans.ts';

interface Session {
  token: string;
  id: string;
}

interface ApiAnswer<T> {
  success: boolean;
  message: string;
  data: T;
}

export interface DemoLoansResult {
  loans: number;
  /** From sending the last requestLoan to the API listing it, through the indexer alone. */
  lastSeenAfterMs: number;
}

/**
 * Links the wallet of `privateKey` to the member of `token` as the web client does: a nonce from
 * the API, an EIP-4361 message for the web's origin (one of the API's CORS_ORIGINS) signed with
 * the key, then POST /wallets. Answers the API's status and envelope, whatever they are.
 */
export async function linkWallet(options: {
  apiUrl: string;
  token: string;
  privateKey: Hex;
  webOrigin: string;
  chainId: number;
}): Promise<{ status: number; body: ApiAnswer<unknown> & { code?: string } }> {
  const post = async (path: string, body?: unknown) => {
    const response = await fetch(`${options.apiUrl}${path}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: `Bearer ${options.token}`,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as ApiAnswer<unknown> & { code?: string },
    };
  };
  const issued = await post('/wallets/nonce');
  if (!issued.body.success) {
    return issued;
  }
  const { nonce } = issued.body.data as { nonce: string };
  const account = privateKeyToAccount(options.privateKey);
  const origin = new URL(options.webOrigin);
  const message = createSiweMessage({
    address: account.address,
    chainId: options.chainId,
    domain: origin.host,
    uri: origin.origin,
    nonce,
    version: '1',
    statement: 'Link this wallet to my LendPath account.',
  });
  return post('/wallets', { message, signature: await account.signMessage({ message }) });
}

export async function createDemoLoans(options: {
  apiUrl: string;
  rpcUrl: string;
  deployment: Deployment;
  members: readonly { email: string; password: string }[];
  /** The web client's origin: the API accepts sign-in messages for its CORS origins only. */
  webOrigin: string;
}): Promise<DemoLoansResult> {
  const { apiUrl } = options;
  const call = async <T>(
    session: Session | undefined,
    method: string,
    path: string,
    body?: unknown,
  ) => {
    const response = await fetch(`${apiUrl}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: `Bearer ${session?.token ?? ''}`,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as ApiAnswer<T>;
    if (!answer.success) {
      throw new Error(`${method} ${path}: ${response.status} ${answer.message}`);
    }
    return answer.data;
  };
  const login = async (email: string, password: string): Promise<Session> => {
    const data = await call<{ token: string; user: { _id: string } }>(
      undefined,
      'POST',
      '/users/login',
      {
        email,
        password,
      },
    );
    return { token: data.token, id: data.user._id };
  };
  const [adaMember, graceMember] = options.members;
  if (adaMember === undefined || graceMember === undefined) {
    throw new Error('demo loans need the two demo members');
  }
  const ada = await login(adaMember.email, adaMember.password);
  const grace = await login(graceMember.email, graceMember.password);
  const [adaWallet, graceWallet, lenderWallet] = demoWallets.map((w) => w.address) as [
    Address,
    Address,
    Address,
  ];
  const [adaKey, graceKey] = demoWallets.map((w) => w.privateKey) as [Hex, Hex];
  for (const [session, privateKey, label] of [
    [ada, adaKey, 'Demo wallet 1'],
    [grace, graceKey, 'Demo wallet 2'],
  ] as const) {
    const linked = await linkWallet({
      apiUrl,
      token: session.token,
      privateKey,
      webOrigin: options.webOrigin,
      chainId: options.deployment.chainId,
    });
    if (!linked.body.success) {
      throw new Error(`linking ${label}: ${linked.status} ${linked.body.message}`);
    }
  }
  const chain = lendingActions(options.rpcUrl, options.deployment);
  for (const wallet of [adaWallet, graceWallet, lenderWallet]) {
    await chain.approve(wallet);
  }

  const DAY = 86_400n;
  const request = async (
    session: Session,
    wallet: Address,
    amount: number,
    days: number,
    description: string,
  ) => {
    const sent = await chain.request(wallet, BigInt(Math.round(amount * 1e6)), BigInt(days) * DAY);
    const record = await call<{ _id: string }>(session, 'POST', '/microlending/request', {
      amount,
      duration: days,
      walletAddress: wallet,
      description,
      borrower: session.id,
      loanChainId: sent.loanId.toString(),
      transactionHash: sent.hash,
    });
    return { loanId: sent.loanId, id: record._id };
  };

  // Open requests in the marketplace.
  await request(ada, adaWallet, 2.5, 30, 'Seed money for a second-hand sewing machine');
  await request(grace, graceWallet, 3, 21, 'Stock for a Saturday market stall');

  // Funded by Grace through the app (fast path), then repaid by Ada: a completed loan.
  const busPass = await request(ada, adaWallet, 1, 7, 'Bus pass for the month');
  const funded = await chain.fund(graceWallet, busPass.loanId, 500n);
  await call(grace, 'POST', `/microlending/requests/${busPass.id}/fund`, {
    transactionHash: funded.hash,
    interestRate: 5,
    lenderWalletAddress: graceWallet,
  });
  const repaid = await chain.repay(adaWallet, busPass.loanId);
  await call(ada, 'POST', `/microlending/requests/${busPass.id}/repay`, {
    transactionHash: repaid.hash,
  });

  // Cancelled by Grace.
  const seeds = await request(grace, graceWallet, 0.75, 10, 'Seeds and compost for the allotment');
  await chain.cancel(graceWallet, seeds.loanId);
  await call(grace, 'POST', `/microlending/requests/${seeds.id}/cancel`);

  // Funded by a wallet no member has linked: these reach the API through the indexer alone.
  const bike = await request(ada, adaWallet, 4, 45, 'A bike for food deliveries');
  await chain.fund(lenderWallet, bike.loanId, 750n);
  const laptop = await request(grace, graceWallet, 5, 14, 'Laptop repair before exams');
  await chain.fund(lenderWallet, laptop.loanId, 600n);

  // One more loan straight on chain, to show how fast the indexer brings it to the API.
  const started = performance.now();
  const direct = await chain.request(lenderWallet, 1_500_000n, 7n * DAY);
  for (;;) {
    const page = await call<{ loanRequests: { loanChainId: string; status: string }[] }>(
      ada,
      'GET',
      '/microlending/requests?limit=10',
    );
    const found = page.loanRequests.find((loan) => loan.loanChainId === direct.loanId.toString());
    const fundedSeen = page.loanRequests.some(
      (loan) => loan.loanChainId === laptop.loanId.toString() && loan.status === 'funded',
    );
    if (found !== undefined && fundedSeen) {
      break;
    }
    if (performance.now() - started > 30_000) {
      throw new Error('the indexer did not bring the demo loans to the API within 30 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { loans: 7, lastSeenAfterMs: Math.round(performance.now() - started) };
}
