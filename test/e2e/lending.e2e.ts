import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import type { Browser, BrowserContext, Page } from '@playwright/test';
import { microLendingAbi } from '@lendpath/contracts';
import { type Address, erc20Abi, formatUnits } from 'viem';

import { type LendingActions, lendingActions } from '@lendpath/test-kit/loans';
import { root } from '@lendpath/test-kit/stack';
import { seriousAccessibilityIssues } from './a11y.ts';
import { expect, test } from './fixtures.ts';
import { expectToast } from './page-tools.ts';
import { type SignedIn, signUpMember, storeSession } from './session.ts';
import { injectWallet, linkWallet, openFundDialog } from './wallet.ts';

/**
 * Micro Lending as two members would use it, each in their own browser with their own wallet:
 * Ada borrows from wallet #4 and Grace lends from wallet #5 (Hardhat accounts no demo data
 * touches). They are new members of this suite's own, "Ada" and "Grace" here for short, so the
 * demo members' history (which other suites read) stays as the demo made it. Every status
 * change on one page reaches the other without a reload.
 */
const ADA_NAME = 'Mary Somerville';
const GRACE_NAME = 'Emmy Noether';
const ADA_WALLET: Address = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const GRACE_WALLET: Address = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
/** Grace's USDC: enough for the first loan, not for the 9 USDC one. */
const GRACE_USDC = 5_000_000n;
const screenshots = join(root, '.test', 'screenshots');

test.describe.configure({ mode: 'serial' });

let ada: Page;
let grace: Page;
let adaSession: SignedIn;
let graceSession: SignedIn;
const contexts: BrowserContext[] = [];

async function memberPage(
  browser: Browser,
  stack: Parameters<Parameters<typeof test>[2]>[0]['stack'],
  member: SignedIn,
  wallet: { account: Address; startChainId?: number; knownChainIds?: number[] },
  width = 1280,
) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await injectWallet(page, {
    rpcUrl: stack.urls.rpc,
    nodeChainId: stack.deployment.chainId,
    ...wallet,
  });
  await storeSession(page, member);
  await page.goto(`${stack.urls.web}/microlending`);
  await expect(page.getByRole('heading', { name: 'Micro Lending', level: 1 })).toBeVisible();
  return page;
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const toast = (page: Page, text: string | RegExp) =>
  page.locator('.Toastify').getByText(text).first();

test.afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
});

test('Ada connects, declines the link signature calmly, then links her wallet', async ({
  browser,
  stack,
}) => {
  test.setTimeout(60_000);
  const chain = lendingActions(stack.urls.rpc, stack.deployment);
  await chain.mint(ADA_WALLET, 20_000_000n);
  await chain.mint(GRACE_WALLET, GRACE_USDC);
  [adaSession, graceSession] = [
    await signUpMember(stack.urls, ADA_NAME),
    await signUpMember(stack.urls, GRACE_NAME),
  ];
  ada = await memberPage(browser, stack, adaSession, { account: ADA_WALLET });

  await ada.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(ada.getByRole('heading', { name: 'Wallet Connected' })).toBeVisible();
  const dialog = ada.getByRole('dialog', { name: 'Link this wallet to your account' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Signing is free');

  await ada.evaluate(() => window.testWallet.rejectNext('personal_sign'));
  await dialog.getByRole('button', { name: 'Sign to link' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'You did not sign, so the wallet is not linked. Nothing else changed.',
  );

  await dialog.getByRole('button', { name: 'Sign to link' }).click();
  await expect(toast(ada, /Wallet linked/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(ada.getByText('Linked to your account', { exact: true })).toBeVisible();
  await expect(ada.getByText('20.00 USDC')).toBeVisible();
});

test('Ada requests a loan; it shows in My Loans, and Grace sees it in the marketplace', async ({
  browser,
  stack,
}) => {
  test.setTimeout(60_000);
  await tab(ada, 'Request Loan').click();
  await expect(ada.getByLabel('Wallet Address')).toHaveValue(ADA_WALLET);
  await ada.getByRole('button', { name: 'Submit Loan Request' }).click();
  await expect(ada.getByText('Please fill in all required fields').first()).toBeVisible();

  await ada.getByLabel('Amount (USDC)').fill('1.5');
  await ada.getByLabel('Duration (Days)').fill('14');
  await ada.getByLabel('Description').fill('Paint for the community hall');
  await ada.getByLabel('Highest APR I accept (%, optional)').fill('10');
  await ada.getByRole('button', { name: 'Submit Loan Request' }).click();
  await expect(toast(ada, 'Loan request created successfully')).toBeVisible({ timeout: 20_000 });
  await expect(tab(ada, 'My Loans')).toHaveAttribute('aria-selected', 'true');
  const card = ada.locator('section[aria-label^="Loan #"]').first();
  await expect(card).toContainText('REQUESTED');
  await expect(card).toContainText('1.50 USDC');

  grace = await memberPage(browser, stack, graceSession, {
    account: GRACE_WALLET,
    // Grace's wallet starts elsewhere and has never heard of the local chain: connecting
    // switches, the wallet answers 4902, and the chain is added.
    startChainId: 1,
    knownChainIds: [1],
  });
  const market = grace.getByRole('region', { name: ADA_NAME }).first();
  await expect(market).toContainText('Paint for the community hall');
  await expect(market).toContainText('REQUESTED');
  await expect(market.getByRole('button', { name: 'Fund Loan' })).toBeDisabled();
});

test('Grace connects from another network: the wallet adds the chain; she links it', async () => {
  await grace.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(grace.getByRole('heading', { name: 'Wallet Connected' })).toBeVisible();
  await expect(grace.getByText('Please switch to Hardhat network')).toBeHidden({
    timeout: 10_000,
  });
  const calls = await grace.evaluate(() => window.testWallet.calls);
  expect(calls).toContain('wallet_addEthereumChain');
  const dialog = grace.getByRole('dialog', { name: 'Link this wallet to your account' });
  await dialog.getByRole('button', { name: 'Sign to link' }).click();
  await expect(grace.getByText('Linked to your account', { exact: true })).toBeVisible();
});

test('Grace funds it at 7.5 %; Ada sees FUNDED with the due date without reloading', async () => {
  test.setTimeout(60_000);
  const market = grace.getByRole('region', { name: ADA_NAME }).first();
  const modal = await openFundDialog(market);
  await expect(modal.getByLabel('APR (%)')).toHaveValue('5');
  // The borrower accepts at most 10 %: more is clamped to it.
  await modal.getByLabel('APR (%)').fill('15');
  await modal.getByLabel('APR (%)').blur();
  await expect(modal.getByLabel('APR (%)')).toHaveValue('10');
  await modal.getByLabel('APR (%)').fill('7.5');
  await modal.getByRole('button', { name: 'Fund Loan' }).click();
  await expect(toast(grace, 'Loan funded successfully!')).toBeVisible({ timeout: 20_000 });
  await expect(market).toContainText('FUNDED');

  const card = ada.locator('section[aria-label^="Loan #"]').first();
  await expect(card).toContainText('FUNDED', { timeout: 5_000 });
  await expect(card).toContainText('7.5 %');
  await expect(card).toContainText('Due date');
  await expect(card).toContainText(/Repayment\s*1\.50/);
});

test('Ada repays; both pages show COMPLETED without reloading', async () => {
  test.setTimeout(60_000);
  const card = ada.locator('section[aria-label^="Loan #"]').first();
  await card.getByRole('button', { name: 'Repay Loan' }).click();
  await expect(toast(ada, 'Loan repaid successfully!')).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText('COMPLETED');
  await expect(card.getByRole('button', { name: 'Loan Completed' })).toBeDisabled();

  const market = grace.getByRole('region', { name: ADA_NAME }).first();
  await expect(market).toContainText('COMPLETED', { timeout: 5_000 });
  await expect(market).toContainText('Loan Completed - Funds Transferred');
  await tab(grace, 'My Loans').click();
  await expect(
    grace.getByRole('region', { name: 'Loans I Funded' }).locator('section').first(),
  ).toContainText('COMPLETED');
  await tab(grace, 'Loan Marketplace').click();
});

test('Ada cancels a second request', async () => {
  test.setTimeout(60_000);
  await tab(ada, 'Request Loan').click();
  await ada.getByLabel('Amount (USDC)').fill('9');
  await ada.getByLabel('Duration (Days)').fill('30');
  await ada.getByLabel('Description').fill('A second-hand laptop');
  await ada.getByRole('button', { name: 'Submit Loan Request' }).click();
  await expect(toast(ada, 'Loan request created successfully')).toBeVisible({ timeout: 20_000 });
  await expect(tab(ada, 'My Loans')).toHaveAttribute('aria-selected', 'true');
  await tab(ada, 'Request Loan').click();
  await ada.getByLabel('Amount (USDC)').fill('2');
  await ada.getByLabel('Duration (Days)').fill('7');
  await ada.getByLabel('Description').fill('Bus fares until payday');
  await ada.getByRole('button', { name: 'Submit Loan Request' }).click();
  await expect(toast(ada, 'Loan request created successfully')).toBeVisible({ timeout: 20_000 });

  const newest = ada.locator('section[aria-label^="Loan #"]').filter({ hasText: '2.00 USDC' });
  await expect(newest).toContainText('REQUESTED');
  await newest.getByRole('button', { name: 'Cancel Request' }).click();
  await expect(toast(ada, 'Loan request canceled successfully')).toBeVisible({ timeout: 20_000 });
  await expect(newest).toContainText('CANCELLED');
});

test('Grace cannot fund more than her wallet holds', async () => {
  const laptop = grace.getByRole('region', { name: ADA_NAME }).filter({
    hasText: 'A second-hand laptop',
  });
  // By keyboard: the modal opens on its first control, Esc closes it, Enter funds.
  const modal = await openFundDialog(laptop, 'keyboard');
  await grace.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await openFundDialog(laptop, 'keyboard');
  await grace.keyboard.press('Enter');
  await expect(
    toast(grace, /^Insufficient USDC balance\. You have [\d.]+ USDC but need 9 USDC$/),
  ).toBeVisible({ timeout: 10_000 });
  await expect(laptop).toContainText('REQUESTED');
});

test('the wrong network shows SPEC’s message, and the switch brings the wallet back', async () => {
  await grace.evaluate(() => window.testWallet.setChain(1));
  const line = grace.getByText('Please switch to Hardhat network');
  await expect(line).toBeVisible();
  await grace.getByRole('button', { name: 'Switch to Hardhat' }).click();
  await expect(line).toBeHidden({ timeout: 5_000 });
});

test('every lending screen at 375 and 1280 px: no serious accessibility issue, screenshots', async ({
  browser,
  stack,
}) => {
  test.setTimeout(120_000);
  await mkdir(screenshots, { recursive: true });
  for (const width of [375, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await memberPage(browser, stack, adaSession, { account: ADA_WALLET }, width);
      await page.emulateMedia({ colorScheme: scheme });
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      await expect(page.getByText('Linked to your account', { exact: true })).toBeVisible();
      // The tabs by keyboard: one tab stop, arrows move and select.
      await tab(page, 'Loan Marketplace').focus();
      await page.keyboard.press('ArrowRight');
      await expect(tab(page, 'My Loans')).toHaveAttribute('aria-selected', 'true');
      await expect(tab(page, 'My Loans')).toBeFocused();
      await page.keyboard.press('End');
      await expect(tab(page, 'Request Loan')).toHaveAttribute('aria-selected', 'true');
      for (const [name, label] of [
        ['marketplace', 'Loan Marketplace'],
        ['my-loans', 'My Loans'],
        ['request-loan', 'Request Loan'],
      ] as const) {
        await tab(page, label).click();
        // The loan stream stays open, so the network never idles: wait for what the tab shows.
        await expect(page.getByRole('tabpanel').locator('[aria-busy="true"]')).toHaveCount(0);
        await expect(page.getByRole('tabpanel').getByRole('heading').first()).toBeVisible();
        expect(await seriousAccessibilityIssues(page), `${name} at ${width} px`).toEqual([]);
        const sideways = await page.evaluate(
          () => document.documentElement.scrollWidth > window.innerWidth,
        );
        expect(sideways, `${name} scrolls sideways at ${width} px`).toBe(false);
        await page.screenshot({
          path: join(screenshots, `microlending-${name}-${width}-${scheme}.png`),
          fullPage: true,
        });
      }
      await page.context().close();
    }
  }
});

test("a reorg takes back a funding, and Grace's page follows the chain", async ({ stack }) => {
  test.setTimeout(60_000);
  const chain = lendingActions(stack.urls.rpc, stack.deployment);
  const rpc = async (method: string, params: unknown[] = []) => {
    const response = await fetch(stack.urls.rpc, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    return ((await response.json()) as { result: unknown }).result;
  };
  const laptop = grace.getByRole('region', { name: ADA_NAME }).filter({
    hasText: 'A second-hand laptop',
  });
  await expect(laptop).toContainText('REQUESTED');
  const loanId = (await chain.loanCounter()) - 1n;

  // Blocks only when the test mines them, so the reorg stays shallower than finality.
  await rpc('evm_setIntervalMining', [0]);
  try {
    const snapshot = await rpc('evm_snapshot');
    await chain.approve('0x90F79bf6EB2c4f870365E785982E1f101E93b906');
    await chain.fund('0x90F79bf6EB2c4f870365E785982E1f101E93b906', loanId, 600n);
    await expect(laptop).toContainText('FUNDED', { timeout: 10_000 });

    await rpc('evm_revert', [snapshot]);
    for (let i = 0; i < 3; i++) {
      await rpc('evm_mine');
    }
    await expect(laptop).toContainText('REQUESTED', { timeout: 10_000 });
    await expect(laptop.getByRole('button', { name: 'Fund Loan' })).toBeEnabled();
  } finally {
    await rpc('evm_setIntervalMining', [1_000]);
  }
});

/**
 * A repayment the lender cannot receive, as the lender meets it: Dorothy lends from wallet #7 to
 * Katherine (wallet #6), USDC then blacklists Dorothy's wallet, and Katherine repays; the
 * contract holds the repayment, and Dorothy has it sent to another address of hers (#8), or
 * claims it herself once her wallet is free again. Members, wallets and loans of their own.
 */
test.describe('a repayment the lender cannot receive', () => {
  const BORROWER_NAME = 'Katherine Johnson';
  const LENDER_NAME = 'Dorothy Vaughan';
  const BORROWER_WALLET: Address = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';
  const LENDER_WALLET: Address = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955';
  const OTHER_WALLET: Address = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f';

  let chain: LendingActions;
  let usdc: Address;
  let lending: Address;
  let borrower: Page;
  let lender: Page;
  /** The two loans by what the lender's card shows as lent, with their ids on chain. */
  const loans = {
    elsewhere: { amount: '1.2', shown: '1.20 USDC', description: 'Sewing machine', id: 0n },
    home: { amount: '0.8', shown: '0.80 USDC', description: 'Market stall fee', id: 0n },
  };
  /** What the contract held for others before these repayments. */
  let reservedBefore: bigint;

  const usdcBalance = (account: Address) =>
    chain.publicClient.readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [account],
    });
  const reserved = () =>
    chain.publicClient.readContract({
      address: lending,
      abi: microLendingAbi,
      functionName: 'reservedUsdc',
    });
  const held = async (id: bigint) => (await chain.getLoan(id)).escrowed;
  /** As the web writes amounts (loans.ts formatUsdc, in Chromium's en-US). */
  const usdcText = (units: bigint) =>
    `${Number(formatUnits(units, 6)).toLocaleString('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 6,
    })} USDC`;
  const fundedCard = (shown: string) =>
    lender.getByRole('region', { name: 'Loans I Funded' }).locator('section').filter({
      hasText: shown,
    });
  const sentTransactions = () =>
    lender.evaluate(
      () => window.testWallet.calls.filter((call) => call === 'eth_sendTransaction').length,
    );

  async function linkedPage(
    browser: Browser,
    stack: Parameters<Parameters<typeof test>[2]>[0]['stack'],
    member: SignedIn,
    account: Address,
  ) {
    const page = await memberPage(browser, stack, member, { account });
    await linkWallet(page);
    return page;
  }

  test('Katherine requests two loans and Dorothy funds both from her linked wallet', async ({
    browser,
    stack,
  }) => {
    test.setTimeout(90_000);
    chain = lendingActions(stack.urls.rpc, stack.deployment);
    [usdc, lending] = [stack.deployment.usdc.address, stack.deployment.lending.address];
    await chain.mint(BORROWER_WALLET, 1_000_000n);
    await chain.mint(LENDER_WALLET, 5_000_000n);
    const [borrowerSession, lenderSession] = [
      await signUpMember(stack.urls, BORROWER_NAME),
      await signUpMember(stack.urls, LENDER_NAME),
    ];
    borrower = await linkedPage(browser, stack, borrowerSession, BORROWER_WALLET);
    for (const loan of Object.values(loans)) {
      await tab(borrower, 'Request Loan').click();
      await borrower.getByLabel('Amount (USDC)').fill(loan.amount);
      await borrower.getByLabel('Duration (Days)').fill('14');
      await borrower.getByLabel('Description').fill(loan.description);
      await borrower.getByRole('button', { name: 'Submit Loan Request' }).click();
      await expectToast(borrower, 'Loan request created successfully', 'success');
      // The counter is the latest id.
      loan.id = await chain.loanCounter();
    }

    lender = await linkedPage(browser, stack, lenderSession, LENDER_WALLET);
    for (const loan of Object.values(loans)) {
      const market = lender
        .getByRole('region', { name: BORROWER_NAME })
        .filter({ hasText: loan.description });
      const dialog = await openFundDialog(market);
      await dialog.getByRole('button', { name: 'Fund Loan' }).click();
      await expectToast(lender, 'Loan funded successfully!', 'success');
      await expect(market).toContainText('FUNDED');
    }
    await tab(lender, 'My Loans').click();
    for (const loan of Object.values(loans)) {
      await expect(fundedCard(loan.shown)).toContainText('FUNDED');
    }
  });

  test("USDC blacklists Dorothy's wallet; Katherine repays and the contract holds both", async () => {
    test.setTimeout(60_000);
    await chain.blacklist(LENDER_WALLET);
    reservedBefore = await reserved();
    for (const loan of Object.values(loans)) {
      await borrower
        .locator('section[aria-label^="Loan #"]')
        .filter({ hasText: loan.shown })
        .getByRole('button', { name: 'Repay Loan' })
        .click();
      await expectToast(borrower, 'Loan repaid successfully!', 'success');
    }
    const [elsewhere, home] = [await held(loans.elsewhere.id), await held(loans.home.id)];
    expect(elsewhere).toBeGreaterThan(0n);
    expect(home).toBeGreaterThan(0n);
    expect(await reserved()).toBe(reservedBefore + elsewhere + home);

    // Dorothy's page, untouched since she funded, follows the chain.
    for (const [loan, units] of [
      [loans.elsewhere, elsewhere],
      [loans.home, home],
    ] as const) {
      const card = fundedCard(loan.shown);
      await expect(card).toContainText('COMPLETED');
      await expect(card).toContainText(
        'The repayment could not be sent to your wallet, so the contract holds it for you.',
      );
      await expect(card).toContainText(new RegExp(`Repaid\\s*${usdcText(units)}`));
      await expect(card.getByRole('button', { name: `Claim ${usdcText(units)}` })).toBeEnabled();
      await expect(card.getByRole('button', { name: 'Send to another address' })).toBeEnabled();
    }
  });

  test('Dorothy has one sent to another address: a bad one is refused at the field', async () => {
    test.setTimeout(60_000);
    const units = await held(loans.elsewhere.id);
    const card = fundedCard(loans.elsewhere.shown);
    const otherBefore = await usdcBalance(OTHER_WALLET);
    const prompts = await sentTransactions();

    await card.getByRole('button', { name: 'Send to another address' }).click();
    const dialog = lender.getByRole('dialog', { name: 'Send to another address' });
    const field = dialog.getByLabel('Send to');
    const send = dialog.getByRole('button', { name: `Send ${usdcText(units)}` });
    await field.fill(OTHER_WALLET.slice(0, -2));
    await send.click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(
      'Enter a wallet address: 0x followed by 40 letters and digits.',
    );
    // The blacklisted address itself is the one place it cannot go.
    await field.fill(LENDER_WALLET.toLowerCase());
    await expect(field).toHaveAttribute('aria-invalid', 'false');
    await send.click();
    await expect(field).toHaveAccessibleDescription(
      'That is the address that could not receive it. Enter another of yours.',
    );
    expect(await sentTransactions()).toBe(prompts);
    expect(await held(loans.elsewhere.id)).toBe(units);

    // Pasted as many wallets copy it, in lower case.
    await field.fill(OTHER_WALLET.toLowerCase());
    await send.click();
    await expectToast(
      lender,
      `Repayment claimed: the USDC was sent to ${OTHER_WALLET.slice(0, 6)}…${OTHER_WALLET.slice(-4)}.`,
      'success',
    );
    await expect(dialog).toBeHidden();
    expect(await sentTransactions()).toBe(prompts + 1);
    await expect(card).not.toContainText('the contract holds it for you');
    await expect(card.getByRole('button', { name: /^Claim / })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Send to another address' })).toHaveCount(0);
    await expect(card).toContainText('COMPLETED');

    expect(await usdcBalance(OTHER_WALLET)).toBe(otherBefore + units);
    expect(await held(loans.elsewhere.id)).toBe(0n);
    expect(await reserved()).toBe(reservedBefore + (await held(loans.home.id)));
    // The other loan's repayment is still waiting.
    await expect(
      fundedCard(loans.home.shown).getByRole('button', { name: 'Send to another address' }),
    ).toBeEnabled();
  });

  test('Dorothy claims the other herself once USDC lifts the blacklist', async () => {
    test.setTimeout(60_000);
    const units = await held(loans.home.id);
    const card = fundedCard(loans.home.shown);
    const claim = card.getByRole('button', { name: `Claim ${usdcText(units)}` });

    // While her wallet is still blacklisted, claiming to it fails before the wallet asks, and
    // nothing moves.
    const prompts = await sentTransactions();
    await claim.click();
    await expect(lender.locator('.Toastify__toast--error')).toBeVisible();
    await lender.locator('.Toastify__toast--error').getByRole('button', { name: 'close' }).click();
    await expect(claim).toBeEnabled();
    expect(await sentTransactions()).toBe(prompts);
    expect(await held(loans.home.id)).toBe(units);

    await chain.unBlacklist(LENDER_WALLET);
    const lenderBefore = await usdcBalance(LENDER_WALLET);
    await claim.click();
    await expectToast(lender, 'Repayment claimed: the USDC is in your wallet.', 'success');
    await expect(card).not.toContainText('the contract holds it for you');
    await expect(card.getByRole('button', { name: /^Claim / })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Send to another address' })).toHaveCount(0);

    expect(await usdcBalance(LENDER_WALLET)).toBe(lenderBefore + units);
    expect(await held(loans.home.id)).toBe(0n);
    expect(await reserved()).toBe(reservedBefore);
  });
});
