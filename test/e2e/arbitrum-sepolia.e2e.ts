import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

import type { BrowserContext, Page } from '@playwright/test';
import { demoWallets, microLendingAbi } from '@lendpath/contracts';
import { createPublicClient, http } from 'viem';

import { linkWallet } from '@lendpath/test-kit/demo-loans';
import { lendingActions } from '@lendpath/test-kit/loans';
import { dropDatabase, uniqueDatabaseName, withDatabase } from '@lendpath/test-kit/postgres';
import { postgresServerUrl, redisUrl } from '@lendpath/test-kit/services';
import { root, type Stack, startStack } from '@lendpath/test-kit/stack';
import { deleteKeys } from '@lendpath/test-kit/test-services';
import { expect, test } from './fixtures.ts';
import { apiLogin, storeSession } from './session.ts';
import { injectWallet, linkWallet as linkInBrowser, openFundDialog } from './wallet.ts';

/**
 * The whole product on the Sepolia-shaped local chain: a stack of its own (chain 421614, Circle's
 * USDC at Arbitrum Sepolia's real address, MicroLending deployed through the public-network
 * path) beside the suites' usual one. Ada asks for a loan from her wallet; Grace, in the browser,
 * connects a wallet that has never heard of the chain, links it and funds the loan. The indexer
 * follows the chain by the node's finality tags, the API reconciles the loan from it, and every
 * page names Arbitrum Sepolia and links to sepolia.arbiscan.io.
 */
const SEPOLIA_USDC = '0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d';
const EXPLORER = 'https://sepolia.arbiscan.io';
const [adaWallet, graceWallet] = demoWallets as [
  (typeof demoWallets)[number],
  (typeof demoWallets)[number],
];

test.describe.configure({ mode: 'serial' });

let sepolia: Stack;
const databaseUrl = withDatabase(postgresServerUrl(), uniqueDatabaseName('lendpath_e2e_sepolia'));
const queuePrefix = `lendpath-e2e-sepolia-${randomBytes(4).toString('hex')}`;
const logDir = join(root, '.test', 'logs', 'arbitrum-sepolia');
let grace: Page;
let context: BrowserContext;
/** The loan Ada asked for: its id in the API and on chain. */
let loan: { id: string; loanId: bigint };
/** Ada's access token, for the API's reads. */
let adaToken: string;

test.beforeAll(async () => {
  // Global setup has built everything this run needs; this stack only starts it again.
  test.setTimeout(180_000);
  sepolia = await startStack({
    mode: 'test',
    databaseUrl,
    redisUrl: redisUrl(),
    queuePrefix,
    logDir,
    shape: 'arbitrum-sepolia',
    build: false,
  });
});

test.afterAll(async () => {
  await context?.close();
  await sepolia?.stop();
  await dropDatabase(databaseUrl);
  await deleteKeys(redisUrl(), `${queuePrefix}:*`);
});

test('the stack runs on chain 421614, USDC at its real address, the indexer on the node’s tags', async () => {
  const chain = (await (await fetch(`${sepolia.urls.api}/chain`)).json()) as {
    data: Record<string, unknown>;
  };
  expect(chain.data).toMatchObject({
    chainId: 421614,
    chainName: 'Arbitrum Sepolia',
    usdcAddress: SEPOLIA_USDC,
    lendingAddress: sepolia.deployment.lending.address,
    explorerUrl: EXPLORER,
  });
  // The node answers `finalized` with its head: the indexer's finalized block keeps up with the
  // head (by depth it would stay five blocks behind).
  await expect(async () => {
    const metrics = await (await fetch(`${sepolia.urls.indexerHealth}/metrics`)).text();
    const gauge = (name: string) =>
      Number(new RegExp(`^indexer_${name}_block (\\d+)$`, 'm').exec(metrics)?.[1] ?? -99);
    expect(gauge('head') - gauge('finalized')).toBeLessThanOrEqual(1);
  }).toPass({ timeout: 10_000 });
});

test('Ada asks for a loan from her linked wallet', async () => {
  const [adaMember] = sepolia.demoMembers;
  const ada = await apiLogin(sepolia.urls.api, adaMember!.email, adaMember!.password);
  // The API checks the sign-in message's chain against the deployment's: 421614.
  const linked = await linkWallet({
    apiUrl: sepolia.urls.api,
    token: ada.token,
    privateKey: adaWallet.privateKey,
    webOrigin: sepolia.urls.web,
    chainId: 421614,
  });
  expect(linked.body).toMatchObject({ success: true });
  adaToken = ada.token;
  const sent = await lendingActions(sepolia.urls.rpc, sepolia.deployment).request(
    adaWallet.address,
    2_000_000n,
    30n * 86_400n,
  );
  const response = await fetch(`${sepolia.urls.api}/microlending/request`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: `Bearer ${ada.token}`,
    },
    body: JSON.stringify({
      amount: 2,
      duration: 30,
      walletAddress: adaWallet.address,
      description: 'Tools for a bicycle repair stall',
      borrower: ada.user._id,
      loanChainId: sent.loanId.toString(),
      transactionHash: sent.hash,
    }),
  });
  const body = (await response.json()) as { success: boolean; data: { _id: string } };
  expect(body.success).toBe(true);
  loan = { id: body.data._id, loanId: sent.loanId };
});

test('Grace’s wallet adds Arbitrum Sepolia, she links it and funds the loan', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const [, graceMember] = sepolia.demoMembers;
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  grace = await context.newPage();
  await injectWallet(grace, {
    rpcUrl: sepolia.urls.rpc,
    nodeChainId: 421614,
    account: graceWallet.address,
    // A wallet on Ethereum that has never heard of Arbitrum Sepolia: connecting adds it.
    startChainId: 1,
    knownChainIds: [1],
  });
  await storeSession(
    grace,
    await apiLogin(sepolia.urls.api, graceMember!.email, graceMember!.password),
  );
  await grace.goto(`${sepolia.urls.web}/microlending`);
  await expect(grace.getByText('Loans are made in USDC on Arbitrum Sepolia')).toBeVisible();

  await linkInBrowser(grace);
  const added = await grace.evaluate(() => window.testWallet.added);
  expect(added).toEqual([
    {
      chainId: '0x66eee',
      chainName: 'Arbitrum Sepolia',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: [sepolia.urls.rpc],
      blockExplorerUrls: [EXPLORER],
    },
  ]);
  const address = grace.getByRole('link', { name: /^0x3C44…93BC/ });
  await expect(address).toHaveAttribute('href', `${EXPLORER}/address/${graceWallet.address}`);
  await expect(address).toHaveAttribute('target', '_blank');

  const card = grace.getByRole('region', { name: 'Ada Lovelace' }).filter({
    hasText: 'Tools for a bicycle repair stall',
  });
  await expect(card).toContainText('REQUESTED');
  const modal = await openFundDialog(card);
  await modal.getByLabel('APR (%)').fill('6');
  await modal.getByRole('button', { name: 'Fund Loan' }).click();
  await expect(grace.locator('.Toastify').getByText('Loan funded successfully!')).toBeVisible({
    timeout: 20_000,
  });
  await expect(card).toContainText('FUNDED');
});

test('the API reconciles the loan from the chain, final by the node’s tags', async () => {
  await expect(async () => {
    const response = await fetch(`${sepolia.urls.api}/microlending/requests/${loan.id}`, {
      headers: { authorization: `Bearer ${adaToken}` },
    });
    const { data } = (await response.json()) as {
      data: { status: string; interestRate: number; chain: { finality: string } };
    };
    expect(data).toMatchObject({
      status: 'funded',
      interestRate: 6,
      chain: { finality: 'finalized' },
    });
  }).toPass({ timeout: 10_000 });
});

test('the pages name Arbitrum Sepolia and link every address and transaction to its explorer', async () => {
  const card = grace.getByRole('region', { name: 'Ada Lovelace' }).filter({
    hasText: 'Tools for a bicycle repair stall',
  });
  const proof = card.getByRole('link', { name: /^Verified on chain/ });
  await expect(proof).toHaveAttribute('href', new RegExp(`^${EXPLORER}/block/\\d+$`));
  await expect(card.getByRole('link', { name: /^0x7099…79C8/ })).toHaveAttribute(
    'href',
    `${EXPLORER}/address/${adaWallet.address}`,
  );
  const facts = grace.getByText(/^Network: Arbitrum Sepolia \(chain 421614\)/).locator('..');
  await expect(facts.getByRole('link')).toHaveCount(2);
  await expect(facts.getByRole('link').nth(0)).toHaveAttribute(
    'href',
    `${EXPLORER}/address/${sepolia.deployment.lending.address}`,
  );
  await expect(facts.getByRole('link').nth(1)).toHaveAttribute(
    'href',
    `${EXPLORER}/address/${SEPOLIA_USDC}`,
  );

  // The wallet moves to another chain: SPEC's message names Arbitrum Sepolia, and so does the way back.
  await grace.evaluate(() => window.testWallet.setChain(1));
  const wrongChain = grace.getByText('Please switch to Arbitrum Sepolia network', { exact: true });
  await expect(wrongChain).toBeVisible();
  await grace.getByRole('button', { name: 'Switch to Arbitrum Sepolia' }).click();
  await expect(wrongChain).toBeHidden({ timeout: 5_000 });

  // Transactions: Grace's loan out, linked to the very transaction that funded it.
  const [funded] = await createPublicClient({
    transport: http(sepolia.urls.rpc),
  }).getContractEvents({
    address: sepolia.deployment.lending.address,
    abi: microLendingAbi,
    eventName: 'LoanFunded',
    args: { id: loan.loanId },
    fromBlock: 0n,
  });
  expect(funded).toBeDefined();
  await grace.goto(`${sepolia.urls.web}/transactions`);
  const explorer = grace.getByRole('link', { name: /^Explorer ?: the transaction of lent/ });
  await expect(explorer).toHaveAttribute('href', `${EXPLORER}/tx/${funded!.transactionHash}`);
});
