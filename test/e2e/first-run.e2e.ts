import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { root } from '@lendpath/test-kit/stack';
import { seriousAccessibilityIssues } from './a11y.ts';
import { expect, test } from './fixtures.ts';
import { pathIs } from './page-tools.ts';
import { acceptTerms, signUpMember, storeSession } from './session.ts';
import { injectWallet, linkWallet } from './wallet.ts';

/**
 * A new member's first visit (issue 18): the dashboard's getting-started list, which ticks itself
 * from what the member really did and goes once all is done; the profile (a self-described
 * gender, the email once, a question before leaving unsaved changes, the top bar's initials and
 * the sidebar's name); the legal pages' way back in, the pledge's contract address, and the
 * password-changed screen. Each test signs up its own member, so no demo history changes.
 */

/** Hardhat account #9: no demo data and no other suite uses it. */
const FIRST_RUN_WALLET = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';
const screenshots = join(root, '.test', 'screenshots');

const gettingStarted = (page: Page) => page.getByRole('region', { name: 'Get started' });
const step = (page: Page, label: string) =>
  gettingStarted(page).getByRole('link', { name: new RegExp(`^${label}`) });
const isDone = async (page: Page, label: string) =>
  /\(done\)/.test((await step(page, label).textContent()) ?? '');
const LABELS = [
  'Complete your profile',
  'Start a course',
  'Connect a wallet',
  'See loan requests',
] as const;

async function ticks(page: Page): Promise<string[]> {
  await expect(gettingStarted(page).getByRole('list')).toHaveAttribute('aria-busy', 'false');
  const done: string[] = [];
  for (const label of LABELS) {
    if (await isDone(page, label)) {
      done.push(label);
    }
  }
  return done;
}

async function openDashboard(page: Page, web: string) {
  await page.goto(`${web}/dashboard`);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
}

async function shoot(page: Page, name: string) {
  await mkdir(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, `first-run-${name}.png`), fullPage: true });
}

test('a new member’s getting-started list ticks itself from what they do, then goes', async ({
  stack,
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const member = await signUpMember(stack.urls, 'Rosalind Franklin');
  await injectWallet(page, {
    rpcUrl: stack.urls.rpc,
    nodeChainId: stack.deployment.chainId,
    account: FIRST_RUN_WALLET,
  });
  await storeSession(page, member);

  await openDashboard(page, stack.urls.web);
  await expect(gettingStarted(page)).toBeVisible();
  expect(await ticks(page)).toEqual([]);
  await expect(gettingStarted(page).getByText('0 of 4 done')).toBeVisible();
  // The list comes first; the LPE box below it.
  const list = (await gettingStarted(page).boundingBox())!;
  const balance = (await page.getByRole('region', { name: 'LPE Balance' }).boundingBox())!;
  expect(list.y + list.height).toBeLessThanOrEqual(balance.y);
  expect(await seriousAccessibilityIssues(page)).toEqual([]);

  // Profile: the step leads there; saving the missing fields ticks it.
  await step(page, 'Complete your profile').click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Gender').selectOption('Female');
  await page.getByLabel('Age Range').selectOption('35-44');
  await page.getByLabel('Occupation').fill('Chemist');
  await page.getByLabel('City').fill('London');
  await page.getByLabel('Country').fill('United Kingdom');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await openDashboard(page, stack.urls.web);
  expect(await ticks(page)).toEqual(['Complete your profile']);
  await expect(gettingStarted(page).getByText('1 of 4 done')).toBeVisible();

  // A course: enrolling in one from the Academy.
  await step(page, 'Start a course').click();
  await expect(page).toHaveURL(/\/academy$/);
  await page.getByRole('tabpanel').getByRole('button', { name: 'Enroll Now' }).first().click();
  await expect(page.getByText('Successfully enrolled in the course!')).toBeVisible();
  await openDashboard(page, stack.urls.web);
  expect(await ticks(page)).toEqual(['Complete your profile', 'Start a course']);

  // Loan requests: the marketplace shown once is remembered (this browser, this member).
  await step(page, 'See loan requests').click();
  await expect(page).toHaveURL(/\/microlending$/);
  await expect(
    page.getByRole('region', { name: 'Available Loan Requests' }).getByRole('region').first(),
  ).toBeVisible();
  await openDashboard(page, stack.urls.web);
  expect(await ticks(page)).toEqual([
    'Complete your profile',
    'Start a course',
    'See loan requests',
  ]);
  await shoot(page, 'dashboard-three-done-1280');

  // The wallet: linked through Micro Lending, as the API records it; then the list has gone.
  await step(page, 'Connect a wallet').click();
  await linkWallet(page);
  await openDashboard(page, stack.urls.web);
  await expect(page.getByRole('region', { name: 'LPE Balance' })).toBeVisible();
  await expect(page.getByRole('list').filter({ hasText: 'Ethereum Classic' })).toBeVisible();
  await expect(gettingStarted(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('list').filter({ hasText: 'Ethereum Classic' })).toBeVisible();
  await expect(gettingStarted(page)).toHaveCount(0);
});

test('the getting-started list can be dismissed, and stays dismissed', async ({ stack, page }) => {
  const member = await signUpMember(stack.urls, 'Chien-Shiung Wu');
  await storeSession(page, member);
  await openDashboard(page, stack.urls.web);
  await gettingStarted(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(gettingStarted(page)).toHaveCount(0);
  await expect(page.locator('#main')).toBeFocused();
  await page.reload();
  await expect(page.getByRole('list').filter({ hasText: 'Ethereum Classic' })).toBeVisible();
  await expect(gettingStarted(page)).toHaveCount(0);
});

test.describe('the profile', () => {
  test('a self-described gender opens a field whose words are saved; the email shows once', async ({
    stack,
    page,
  }) => {
    const member = await signUpMember(stack.urls, 'Lise Meitner');
    await storeSession(page, member);
    await page.goto(`${stack.urls.web}/profile`);
    await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
    await expect(page.getByText(member.user.email, { exact: true })).toHaveCount(1);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const words = page.getByLabel('Your gender, in your words');
    await expect(words).toHaveCount(0);
    await page.getByLabel('Gender').selectOption('Prefer to self describe');
    await expect(words).toBeVisible();
    await words.fill('Non-binary');
    // In the form, the email is the read-only field and nowhere else.
    await expect(page.getByLabel('Email')).toHaveValue(member.user.email);
    await expect(page.getByText(member.user.email, { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();

    await page.reload();
    await expect(page.locator('dl').getByText('Non-binary', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByLabel('Gender', { exact: true })).toHaveValue('Prefer to self describe');
    await expect(words).toHaveValue('Non-binary');
  });

  test('leaving with unsaved changes asks first, in the app and when the tab goes', async ({
    stack,
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    const member = await signUpMember(stack.urls, 'Dorothy Hodgkin');
    await storeSession(page, member);
    await page.goto(`${stack.urls.web}/profile`);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const sidebar = page.locator('aside');

    // Nothing changed: no question.
    await sidebar.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto(`${stack.urls.web}/profile`);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Occupation').fill('Crystallographer');
    await sidebar.getByRole('link', { name: 'Academy', exact: true }).click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(ask).toBeVisible();
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    await shoot(page, 'unsaved-changes-1280');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByLabel('Occupation')).toHaveValue('Crystallographer');

    await sidebar.getByRole('link', { name: 'Academy', exact: true }).click();
    await ask.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page).toHaveURL(/\/academy$/);

    // Closing the tab: the browser's own question.
    await page.goto(`${stack.urls.web}/profile`);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Occupation').click();
    await page.keyboard.type('Chemist');
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.accept();
  });

  test('at 375 px the top bar’s initials open the profile; at 1280 the sidebar names the member', async ({
    stack,
    page,
  }) => {
    const member = await signUpMember(stack.urls, 'Barbara McClintock');
    await storeSession(page, member);
    await page.setViewportSize({ width: 375, height: 812 });
    await openDashboard(page, stack.urls.web);
    const initials = page
      .getByRole('banner')
      .getByRole('link', { name: `Profile: ${member.user.fullname}` });
    await expect(initials.locator('[aria-hidden="true"]')).toHaveText('BM');
    const box = (await initials.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await initials.click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(
      page
        .locator('aside')
        .getByRole('navigation', { name: 'Main' })
        .getByText(member.user.fullname),
    ).toBeVisible();
  });
});

test.describe('the legal pages and the password-changed screen', () => {
  test('a signed-in member has a way back into the app; a visitor does not', async ({
    stack,
    page,
  }) => {
    const member = await signUpMember(stack.urls, 'Mary Anning');
    await storeSession(page, member);
    for (const [path, title] of [
      ['/terms-of-service', 'Terms of Service'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/fee-sovereignty-pledge', 'Fee Sovereignty Pledge'],
    ] as const) {
      await page.goto(`${stack.urls.web}${path}`);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await page.getByRole('link', { name: 'Back to dashboard' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    }
  });

  test('a visitor sees no way back into an app they are not in', async ({ stack, page }) => {
    await acceptTerms(page);
    await page.goto(`${stack.urls.web}/terms-of-service`);
    await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to dashboard' })).toHaveCount(0);
  });

  test('the pledge names the lending contract, linked to the explorer where the chain has one', async ({
    stack,
    page,
  }) => {
    await acceptTerms(page);
    const address = stack.deployment.lending.address;
    await page.goto(`${stack.urls.web}/fee-sovereignty-pledge`);
    const line = page.getByText(/^The lending contract is at /);
    await expect(line).toContainText(address);
    // The local chain has no explorer, and the page says so rather than linking nowhere.
    await expect(line).toContainText('This chain has no public explorer.');
    await expect(line.getByRole('link')).toHaveCount(0);

    await page.route(pathIs('/chain'), async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown> };
      await route.fulfill({
        response,
        json: { ...body, data: { ...body.data, explorerUrl: 'https://explorer.lendpath.test' } },
      });
    });
    await page.reload();
    const link = line.getByRole('link', { name: /View the contract on the explorer/ });
    await expect(link).toHaveAttribute('href', `https://explorer.lendpath.test/address/${address}`);
    await expect(link).toHaveAttribute('target', '_blank');
  });

  test('password changed: the tick sits beside the title and the button is not underlined', async ({
    stack,
    page,
  }) => {
    await acceptTerms(page);
    await page.goto(`${stack.urls.web}/password-changed`);
    const title = page.getByRole('heading', { name: 'Password changed', level: 1 });
    await expect(title).toBeVisible();
    const tick = page.locator('section[aria-labelledby="auth-title"] svg').first();
    const [tickBox, titleBox] = [(await tick.boundingBox())!, (await title.boundingBox())!];
    expect(tickBox.x + tickBox.width).toBeLessThanOrEqual(titleBox.x);
    const middle = (box: { y: number; height: number }) => box.y + box.height / 2;
    expect(Math.abs(middle(tickBox) - middle(titleBox))).toBeLessThan(8);
    const back = page.getByRole('link', { name: 'Back to log in screen' });
    for (const state of ['rest', 'hover'] as const) {
      if (state === 'hover') {
        await back.hover();
      }
      expect(await back.evaluate((link) => getComputedStyle(link).textDecorationLine)).toBe('none');
    }
    await back.click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('screenshots', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [375, 1280]) {
      test(`the new member's screens at ${width} px (${colorScheme}), axe clean`, async ({
        stack,
        page,
      }) => {
        // Four screens, each checked by axe: minutes on two shared cores.
        test.setTimeout(240_000);
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: width < 768 ? 812 : 800 });
        const member = await signUpMember(stack.urls, 'Grace Hopper');
        await storeSession(page, member);
        const suffix = `${width}-${colorScheme}`;

        await openDashboard(page, stack.urls.web);
        await expect(gettingStarted(page).getByText('0 of 4 done')).toBeVisible();
        expect(await seriousAccessibilityIssues(page), 'dashboard').toEqual([]);
        await shoot(page, `dashboard-${suffix}`);

        await page.goto(`${stack.urls.web}/profile`);
        await page.getByRole('button', { name: 'Edit Profile' }).click();
        await page.getByLabel('Gender').selectOption('Prefer to self describe');
        await expect(page.getByLabel('Your gender, in your words')).toBeVisible();
        expect(await seriousAccessibilityIssues(page), 'profile').toEqual([]);
        await shoot(page, `profile-${suffix}`);

        await page.goto(`${stack.urls.web}/fee-sovereignty-pledge`);
        await expect(page.getByText(/^The lending contract is at /)).toBeVisible();
        expect(await seriousAccessibilityIssues(page), 'pledge').toEqual([]);
        await shoot(page, `pledge-${suffix}`);

        await page.goto(`${stack.urls.web}/password-changed`);
        await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
        expect(await seriousAccessibilityIssues(page), 'password-changed').toEqual([]);
        await shoot(page, `password-changed-${suffix}`);
      });
    }
  }
});
