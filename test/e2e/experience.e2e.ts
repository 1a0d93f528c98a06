import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import type { Locator, Page } from '@playwright/test';

import { root, type StackUrls } from '@lendpath/test-kit/stack';
import { seriousAccessibilityIssues } from './a11y.ts';
import { expect, test } from './fixtures.ts';
import { pathIs } from './page-tools.ts';
import { acceptTerms, apiLogin, type SignedIn, signUpMember, storeSession } from './session.ts';

/**
 * Issue 18's money and accessibility rules as a member meets them: every route's document
 * title, focus on the page's heading after in-app navigation, dialogs that open on their first
 * control, a field's error in place of its hint and focus on the first invalid field, amounts
 * on one right edge with one count of decimals, each movement linked to its loan and (where the
 * chain has an explorer) its transaction, page errors in words with Try Again, and a focus ring
 * that stands out from what it sits on, in both colour schemes.
 */
const screenshots = join(root, '.test', 'screenshots');

type Stack = { urls: StackUrls; demoMembers: { email: string; password: string }[] };

/** Ada (the first demo member): one login for the file, as screens.e2e.ts does. */
let adaSession: Promise<SignedIn> | undefined;
async function signInAsAda(page: Page, stack: Stack): Promise<SignedIn> {
  adaSession ??= apiLogin(
    stack.urls.api,
    stack.demoMembers[0]!.email,
    stack.demoMembers[0]!.password,
  );
  const ada = await adaSession;
  await storeSession(page, ada);
  return ada;
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test.describe('document titles', () => {
  const visitor: [path: string, title: string][] = [
    ['/login', 'Log in · LendPath'],
    ['/sign-up', 'Sign up · LendPath'],
    ['/register', 'Sign up · LendPath'],
    ['/forgot-password', 'Forgot password · LendPath'],
    ['/verify-otp?email=ada%40demo.lendpath.test', 'Enter your code · LendPath'],
    ['/create-new-password?email=a%40b.test&otpCode=123456', 'Create a new password · LendPath'],
    ['/password-changed', 'Password changed · LendPath'],
    ['/terms-of-service', 'Terms of Service · LendPath'],
    ['/privacy-policy', 'Privacy Policy · LendPath'],
    ['/fee-sovereignty-pledge', 'Fee Sovereignty Pledge · LendPath'],
  ];
  const member: [path: string, title: string][] = [
    ['/dashboard', 'Dashboard · LendPath'],
    ['/profile', 'Profile · LendPath'],
    ['/transactions', 'Transactions · LendPath'],
    ['/microlending', 'Micro Lending · LendPath'],
    ['/academy', 'Academy · LendPath'],
    ['/community', 'Community · LendPath'],
    ['/no-such-page', 'Page not found · LendPath'],
  ];

  test('every public route names itself', async ({ stack, page }) => {
    // A full page load per route.
    test.setTimeout(60_000);
    await acceptTerms(page);
    for (const [path, title] of visitor) {
      await page.goto(`${stack.urls.web}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page, path).toHaveTitle(title);
    }
  });

  test('every signed-in route names itself; a course page by its course', async ({
    stack,
    page,
  }) => {
    test.setTimeout(60_000);
    const ada = await signInAsAda(page, stack);
    for (const [path, title] of member) {
      await page.goto(`${stack.urls.web}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page, path).toHaveTitle(title);
    }
    const feed = await fetch(`${stack.urls.api}/academy/feed`, {
      headers: { authorization: `Bearer ${ada.token}`, accept: 'application/json' },
    });
    const { trending } = (
      (await feed.json()) as {
        data: { trending: { courseId: string; title: string; category: { title: string } }[] };
      }
    ).data;
    const course = trending[0]!;
    const category = course.category.title.toLowerCase().replace(/ /g, '-');
    await page.goto(`${stack.urls.web}/courses/${category}/${course.courseId}`);
    await expect(h1(page, course.title)).toBeVisible();
    await expect(page).toHaveTitle(`${course.title} · LendPath`);
  });
});

test.describe('focus after navigation', () => {
  test('the first page keeps the browser focus; every in-app step lands on the new heading', async ({
    stack,
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsAda(page, stack);
    await page.goto(`${stack.urls.web}/dashboard`);
    await expect(h1(page, /^Welcome, /)).toBeVisible();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Transactions' }).click();
    await expect(h1(page, 'Transactions')).toBeFocused();
    await expect(page).toHaveTitle('Transactions · LendPath');
    // Tab goes on from the top of the new page, not from the sidebar link.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement)),
    ).toBe(true);

    // By keyboard as well; then Back, which is navigation too.
    await nav.getByRole('link', { name: 'Micro Lending' }).focus();
    await page.keyboard.press('Enter');
    await expect(h1(page, 'Micro Lending')).toBeFocused();
    await page.goBack();
    await expect(h1(page, 'Transactions')).toBeFocused();
    // A tab inside the page is not a new page: focus stays on the tab.
    await nav.getByRole('link', { name: 'Micro Lending' }).click();
    await page.getByRole('tab', { name: 'My Loans' }).click();
    await expect(page.getByRole('tab', { name: 'My Loans' })).toBeFocused();
  });

  test('through the drawer at 375 px, and from login to the dashboard', async ({ stack, page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const member = await signUpMember(stack.urls, 'Focus Tester');
    await acceptTerms(page);
    await page.goto(`${stack.urls.web}/login`);
    await page.getByLabel('Email').fill(member.user.email);
    await page.getByLabel('Password', { exact: true }).fill('Focus-Tester-lends-1826');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(h1(page, 'Welcome, Focus Tester')).toBeFocused();
    await expect(page).toHaveTitle('Dashboard · LendPath');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    // A dialog opens on its first control.
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await drawer.getByRole('link', { name: 'Community' }).click();
    await expect(drawer).toBeHidden();
    await expect(h1(page, 'LendPath Community')).toBeFocused();
    await expect(page).toHaveTitle('Community · LendPath');
  });
});

test.describe('dialogs open on their first control', () => {
  test('the terms modal and the create-post dialog', async ({ stack, page }) => {
    await page.goto(`${stack.urls.web}/forgot-password`);
    const terms = page.getByRole('dialog', { name: 'Before you continue' });
    await expect(terms).toBeVisible();
    await expect(terms.getByRole('link', { name: 'Terms of Service' })).toBeFocused();

    const other = await page.context().newPage();
    await signInAsAda(other, stack);
    await other.goto(`${stack.urls.web}/community`);
    await other
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('button', { name: 'Introductions', exact: true })
      .click();
    await other.getByRole('button', { name: 'Text', exact: true }).click();
    const dialog = other.getByRole('dialog', { name: 'Create post' });
    await expect(dialog.getByLabel('Category')).toBeFocused();
    await other.close();
  });
});

test.describe('fields', () => {
  test("an error takes its hint's place; focus goes to the first invalid field in page order", async ({
    stack,
    page,
  }) => {
    await acceptTerms(page);
    await page.goto(`${stack.urls.web}/sign-up`);
    const password = page.getByLabel('Password', { exact: true });
    await expect(page.getByText('At least 6 characters', { exact: true })).toBeVisible();
    await expect(password).toHaveAccessibleDescription('At least 6 characters');

    await page.getByLabel('Full name').fill('Hedy Lamarr');
    await password.fill('abc');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // SPEC checks the email before the phone; the page shows the phone first.
    await expect(page.getByLabel('Phone Number')).toBeFocused();
    await expect(page.getByText('Please enter your email address')).toBeVisible();
    await expect(page.getByText('At least 6 characters', { exact: true })).toHaveCount(0);
    await expect(password).toHaveAccessibleDescription(
      'Password must be at least 6 characters long',
    );
  });
});

/** The right edges of these elements, in CSS pixels. */
const rightEdges = (items: Locator) =>
  items.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().right));

/** The edges are one (within the half pixel layout rounds to). */
const oneEdge = (edges: number[]) => Math.max(...edges) - Math.min(...edges) <= 0.5;

/** How many decimals each amount text shows ('+4.00 USDC' → 2). */
const decimalsOf = (texts: string[]) => texts.map((text) => /\.(\d+)/.exec(text)?.[1]?.length);

test.describe('money', () => {
  for (const width of [375, 1280]) {
    test(`at ${width} px: amounts on one right edge with one count of decimals`, async ({
      stack,
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAsAda(page, stack);
      await page.goto(`${stack.urls.web}/transactions`);
      const table = page.getByRole('table', { name: 'Your loan transactions' });
      const amounts = table.locator('tbody td[data-label="Amount"] > span');
      await expect(table.getByRole('row', { name: /Repaid \(loan #/ })).toBeVisible();
      expect(await amounts.count()).toBeGreaterThanOrEqual(3);
      const edges = await rightEdges(amounts);
      expect(oneEdge(edges), `right edges ${edges.join(', ')}`).toBe(true);
      const texts = await amounts.allTextContents();
      expect(new Set(decimalsOf(texts)).size).toBe(1);
      // Every amount has its unit, its full value on hover, and a named icon for its direction.
      for (const [index, text] of texts.entries()) {
        expect(text).toMatch(/^[+−][\d,]+\.\d+ USDC$/);
        await expect(amounts.nth(index)).toHaveAttribute('title', /^[\d,.]+ USDC$/);
        await expect(amounts.nth(index).getByRole('img')).toHaveAccessibleName(
          text.startsWith('+') ? 'Money in' : 'Money out',
        );
      }

      // A loan card's values share a right edge too.
      await page.goto(`${stack.urls.web}/microlending?tab=my-loans`);
      const card = page
        .getByRole('region', { name: 'My Loan Activity' })
        .locator('section[aria-label^="Loan #"]')
        .first();
      await expect(card).toBeVisible();
      const cardEdges = await rightEdges(card.locator('dd'));
      expect(oneEdge(cardEdges), `right edges ${cardEdges.join(', ')}`).toBe(true);
    });
  }

  test('each movement links to its loan, and to its transaction where the chain has an explorer', async ({
    stack,
    page,
  }) => {
    await signInAsAda(page, stack);
    await page.goto(`${stack.urls.web}/transactions`);
    const rows = page.getByRole('table', { name: 'Your loan transactions' }).locator('tbody tr');
    await expect(page.getByRole('row', { name: /Repaid \(loan #/ })).toBeVisible();
    const count = await rows.count();
    // The local chain has no explorer: no link to one.
    await expect(page.getByRole('link', { name: /^Explorer/ })).toHaveCount(0);
    for (let index = 0; index < count; index += 1) {
      await expect(
        rows.nth(index).getByRole('link', { name: /^loan #[0-9a-f]{6}$/ }),
      ).toHaveAttribute('href', /^\/microlending\?tab=my-loans#loan-[0-9a-f-]{36}$/);
    }

    // The loan link lands on that loan's card in My Loans.
    const repaid = page.getByRole('row', { name: /Repaid \(loan #/ });
    const label = (await repaid.getByRole('link').first().textContent())!;
    await repaid.getByRole('link', { name: label }).click();
    const card = page.locator(`section[aria-label="${label.replace('loan', 'Loan')}"]`);
    await expect(card).toBeFocused();
    await expect(card).toBeInViewport();

    // The same chain behind an explorer: each movement links to its own transaction there.
    await page.route(pathIs('/chain'), async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown> };
      await route.fulfill({
        response,
        json: { ...body, data: { ...body.data, explorerUrl: 'https://explorer.lendpath.test' } },
      });
    });
    await page.goto(`${stack.urls.web}/transactions`);
    const explorerLinks = page.getByRole('link', { name: /^Explorer/ });
    await expect(explorerLinks).toHaveCount(count);
    const lending = stack.deployment.lending.address.toLowerCase();
    for (let index = 0; index < count; index += 1) {
      const link = rows.nth(index).getByRole('link', { name: /^Explorer/ });
      await expect(link).toHaveAttribute('target', '_blank');
      const href = (await link.getAttribute('href'))!;
      const hash = /^https:\/\/explorer\.lendpath\.test\/tx\/(0x[0-9a-f]{64})$/.exec(href)?.[1];
      expect(hash, href).toBeDefined();
      const receipt = await rpc<{ status: string; to: string }>(
        stack.urls.rpc,
        'eth_getTransactionReceipt',
        [hash],
      );
      expect(receipt.status).toBe('0x1');
      expect(receipt.to.toLowerCase()).toBe(lending);
    }
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
  });
});

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: T }).result;
}

test.describe('error states', () => {
  test('a server fault is said in words with Try Again, never as "Internal server error"', async ({
    stack,
    page,
  }) => {
    await signInAsAda(page, stack);
    let failing = true;
    const fail = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
      if (!failing) {
        await route.fallback();
        return;
      }
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: JSON.stringify({ statusCode: 500, message: 'Internal server error' }),
      });
    };
    await page.route(pathIs('/microlending/requests'), fail);

    await page.goto(`${stack.urls.web}/transactions`);
    await expect(page.getByRole('alert')).toHaveText(
      'Your transactions could not be loaded. Please try again.',
    );
    await expect(page.getByText('Internal server error')).toHaveCount(0);
    failing = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('row', { name: /Repaid \(loan #/ })).toBeVisible();

    failing = true;
    await page.goto(`${stack.urls.web}/microlending`);
    await expect(page.getByRole('alert')).toHaveText(
      'Loan requests could not be loaded. Please try again.',
    );
    await expect(page.getByText('Internal server error')).toHaveCount(0);
    failing = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(
      page.getByRole('region', { name: 'Available Loan Requests' }).getByRole('region').first(),
    ).toBeVisible();
  });
});

/** The contrast of the ring colour on the focused element against the background behind it. */
function focusRingContrast(): {
  ring: string;
  background: string;
  ratio: number;
  what: string;
} | null {
  if (document.activeElement === null || document.activeElement === document.body) {
    return null;
  }
  const parse = (value: string) => {
    const numbers = value.match(/[\d.]+/g)?.map(Number) ?? [];
    return { rgb: numbers.slice(0, 3), alpha: numbers[3] ?? 1 };
  };
  const luminance = (rgb: number[]) => {
    const [r, g, b] = rgb.map((channel) => {
      const c = channel / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  // The ring is on the focused element, or on the field's frame around a focused input.
  let ringed = document.activeElement as HTMLElement;
  while (getComputedStyle(ringed).outlineStyle === 'none' && ringed.parentElement !== null) {
    ringed = ringed.parentElement;
  }
  const ring = getComputedStyle(ringed).outlineColor;
  // The ring is drawn outside the element: it sits on what is behind it.
  let behind = ringed.parentElement;
  while (behind !== null && parse(getComputedStyle(behind).backgroundColor).alpha === 0) {
    behind = behind.parentElement;
  }
  const background = getComputedStyle(behind ?? document.documentElement).backgroundColor;
  const [a, b] = [luminance(parse(ring).rgb), luminance(parse(background).rgb)].sort(
    (x, y) => y - x,
  );
  return {
    ring,
    background,
    ratio: (a! + 0.05) / (b! + 0.05),
    what: `${ringed.tagName.toLowerCase()} ${ringed.textContent?.trim().slice(0, 30) ?? ''}`,
  };
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the focus ring has 3:1 contrast on whatever it sits on (${colorScheme})`, async ({
    stack,
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsAda(page, stack);
    test.setTimeout(60_000);
    const failures: string[] = [];
    const pages: [path: string, ready: (page: Page) => Locator][] = [
      ['/dashboard', (p) => p.getByRole('list').filter({ hasText: 'Ethereum Classic' })],
      ['/transactions', (p) => p.getByRole('row', { name: /Repaid \(loan #/ })],
      ['/microlending?tab=request', (p) => p.getByLabel('Amount (USDC)')],
      ['/profile', (p) => p.getByRole('heading', { name: 'Personal Information' })],
    ];
    let stops = 0;
    for (const [path, ready] of pages) {
      await page.goto(`${stack.urls.web}${path}`);
      await expect(ready(page).first()).toBeVisible();
      // Every stop of the first 25 Tab presses: sidebar links, page links, tabs, buttons, fields.
      for (let press = 0; press < 25; press += 1) {
        await page.keyboard.press('Tab');
        const found = await page.evaluate(focusRingContrast);
        if (found === null) {
          continue;
        }
        stops += 1;
        if (found.ratio < 3) {
          failures.push(
            `${path} ${found.what}: ${found.ring} on ${found.background} ${found.ratio.toFixed(2)}`,
          );
        }
      }
    }
    expect(stops).toBeGreaterThan(60);
    expect(failures).toEqual([]);
  });
}

test.describe('screenshots', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [375, 1280]) {
      test(`transactions, My Loans and the dashboard at ${width} px (${colorScheme}), axe clean`, async ({
        stack,
        page,
      }) => {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: width < 768 ? 812 : 800 });
        await signInAsAda(page, stack);
        await mkdir(screenshots, { recursive: true });
        const shots: [name: string, path: string, ready: (page: Page) => Locator][] = [
          ['transactions', '/transactions', (p) => p.getByRole('row', { name: /Repaid \(loan #/ })],
          [
            'my-loans',
            '/microlending?tab=my-loans',
            (p) => p.locator('section[aria-label^="Loan #"]').first(),
          ],
          [
            'dashboard',
            '/dashboard',
            (p) => p.getByRole('list').filter({ hasText: 'Ethereum Classic' }),
          ],
        ];
        for (const [name, path, ready] of shots) {
          await page.goto(`${stack.urls.web}${path}`);
          await expect(ready(page)).toBeVisible();
          expect(await seriousAccessibilityIssues(page), name).toEqual([]);
          await page.screenshot({
            path: join(screenshots, `experience-${name}-${width}-${colorScheme}.png`),
            fullPage: true,
            animations: 'disabled',
          });
        }
      });
    }
  }
});
