import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Locator, Page } from '@playwright/test';

import { root } from '@lendpath/test-kit/stack';
import { seriousAccessibilityIssues } from './a11y.ts';
import { expect, test } from './fixtures.ts';
import { codeFromInbox } from './inbox.ts';
import { fillSignUp, type Newcomer, newcomer as newcomerOf, pathIs } from './page-tools.ts';

const SHOTS = join(root, '.test', 'screenshots');
const CREATED = 'Account created successfully! Please verify your email to continue.';

const newcomer = (email?: (id: string) => string) => newcomerOf('Mary Jackson', email);

const toasts = (page: Page) => page.locator('.Toastify__toast');
const digit = (page: Page, n: number) => page.getByLabel(`Digit ${n} of 6`);

/** Fills sign-up and sends it; answers when the code was asked for (for the inbox). */
async function signUp(page: Page, web: string, member: Newcomer): Promise<Date> {
  await page.goto(`${web}/sign-up`);
  await fillSignUp(page, member);
  await page.getByLabel(/I agree to the/).check();
  const sent = new Date(Date.now() - 1000);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/verify-otp$/);
  return sent;
}

/** Types a code into the boxes, digit by digit, as a member does. */
async function typeCode(page: Page, code: string) {
  await digit(page, 1).focus();
  for (const character of code) {
    await page.keyboard.type(character);
  }
}

/** A six-digit code that is not `code`. */
const wrong = (code: string) =>
  code
    .split('')
    .map((character) => String((Number(character) + 1) % 10))
    .join('');

/** WCAG 2 contrast of two computed `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, b] = rgb
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map((value) => {
        const channel = Number(value) / 255;
        return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

async function colours(toast: Locator) {
  return toast.evaluate((element) => {
    const style = getComputedStyle(element);
    const close = element.querySelector('.Toastify__close-button');
    return {
      background: style.backgroundColor,
      text: style.color,
      close: close === null ? null : getComputedStyle(close).color,
    };
  });
}

test.describe('onboarding: sign-up, the code screen and its toasts', () => {
  // Each test signs a member up through the screens and waits for the mail: more than the
  // default 30 s on two shared cores.
  test.describe.configure({ timeout: 90_000 });

  test('sign-up leads to one toast, a wrong code is said at the boxes, and one welcome follows', async ({
    stack,
    page,
  }) => {
    const member = newcomer();
    const sent = await signUp(page, stack.urls.web, member);
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toHaveText(CREATED);

    const code = await codeFromInbox(stack.urls.mailInbox, member.email, 'verification', sent);
    // A wrong code: the sixth digit sends it; the boxes empty, the first takes the focus and the
    // message stands beside them, not in a toast.
    const refused = page.waitForResponse(`${stack.urls.api}/users/verify-account`);
    await typeCode(page, wrong(code));
    expect((await refused).status()).toBe(400);
    const message = page.locator('#otp-error');
    await expect(message).toHaveText('Invalid or expired code. Please request a new one.');
    await expect(page.getByRole('group', { name: 'One-time code' })).toHaveAttribute(
      'aria-describedby',
      'otp-error',
    );
    for (let n = 1; n <= 6; n += 1) {
      await expect(digit(page, n)).toHaveValue('');
    }
    await expect(digit(page, 1)).toBeFocused();
    await expect(page.locator('.Toastify__toast--error')).toHaveCount(0);
    expect(await seriousAccessibilityIssues(page)).toEqual([]);

    // The right code, and no click on Verify: the sixth digit submits.
    await typeCode(page, code);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${member.fullname}` })).toBeVisible();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toHaveText(`Welcome to LendPath, ${member.fullname}!`);
    await expect(page.locator('.Toastify__toast--error')).toHaveCount(0);
    expect(await page.evaluate(() => JSON.stringify(window.sessionStorage))).not.toContain(
      member.email,
    );

    // Logout says so, alone: the dashboard's welcome stays behind. (A member reads the page
    // first; a click the instant it appears would count as a redirect of the same arrival.)
    await page.waitForTimeout(500);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toHaveText('You have logged out.');
  });

  test('Resend waits with a countdown, then the server’s own wait when it still refuses', async ({
    stack,
    page,
  }) => {
    await page.clock.install();
    const member = newcomer();
    await signUp(page, stack.urls.web, member);
    const resend = page.getByRole('button', { name: /^Resend/ });
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveText(/^Resend in (0:[0-5]\d|1:00)$/);
    await expect(page.getByRole('status').filter({ hasText: 'new code' })).toHaveText(
      /You can ask for a new code in (1 minute|\d+ seconds?)\./,
    );

    // A minute on the page's clock: Resend is offered. The server's own minute has not passed
    // (its clock is real), so it refuses, and its wait and words take over at the control.
    await page.clock.fastForward('01:01');
    await expect(resend).toHaveText('Resend');
    await expect(resend).toBeEnabled();
    await expect(page.getByRole('status').filter({ hasText: 'new code' })).toHaveText(
      'You can ask for a new code now.',
    );
    const answer = page.waitForResponse(`${stack.urls.api}/user/resend-otp`);
    await resend.click();
    const refused = await answer;
    expect(refused.status()).toBe(429);
    const wait = Number(await refused.headerValue('retry-after'));
    expect(wait).toBeGreaterThan(0);
    // The server's wait is what is left of its minute: under a second may have passed since the
    // send on a quick machine, and a wait of 59.2 s reads "1 minute" (always rounded up).
    const note = page.locator('#resend-note');
    await expect(note).toHaveText(
      /^Please wait (1 minute|\d+ seconds?) before asking for another code\.$/,
    );
    await expect(resend).toHaveAttribute('aria-describedby', 'resend-note');
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveText(/^Resend in (0:\d\d|1:00)$/);
    await expect(page.locator('.Toastify__toast--error')).toHaveCount(0);
  });

  test('a reload keeps name, email and phone, and asks only for the password', async ({
    stack,
    page,
  }) => {
    const member = newcomer();
    const sent = await signUp(page, stack.urls.web, member);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    await expect(page.locator('p', { hasText: 'Enter the 6-digit code' })).toContainText(
      member.email,
    );
    // The countdown goes on from the send, not from the reload.
    await expect(page.getByRole('button', { name: /^Resend in 0:[0-5]\d$/ })).toBeDisabled();
    const stored = await page.evaluate(() => JSON.stringify(window.sessionStorage));
    expect(stored).toContain(member.phone);
    expect(stored).not.toContain(member.password);
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toBeVisible();

    const code = await codeFromInbox(stack.urls.mailInbox, member.email, 'verification', sent);
    await password.fill('short');
    await typeCode(page, code);
    await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
    await password.fill(member.password);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${member.fullname}` })).toBeVisible();
    // The account holds the phone from before the reload, and the password typed after it.
    const login = await fetch(`${stack.urls.api}/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { data: { user: { phone: string } } }).data.user.phone).toBe(
      member.phone,
    );
  });

  test("'Wrong email?' goes back to sign-up with the details kept", async ({ stack, page }) => {
    const member = newcomer();
    await signUp(page, stack.urls.web, member);
    await page.getByRole('link', { name: 'Wrong email?' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
    await expect(page.getByLabel('Full name')).toHaveValue(member.fullname);
    await expect(page.getByLabel('Phone Number')).toHaveValue(member.phone);
    await expect(page.getByLabel('Email')).toHaveValue(member.email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(member.password);
    // The code screen's toast stayed on the code screen.
    await expect(toasts(page)).toHaveCount(0);
  });

  test('a long address never breaks inside a word at 375 px', async ({ stack, page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const member = newcomer(
      (id) => `katherine.coleman.goble.johnson.${id}@flight-research-division.example.com`,
    );
    await signUp(page, stack.urls.web, member);
    const address = page
      .locator('p', { hasText: 'Enter the 6-digit code' })
      .locator('span')
      .first();
    await expect(address).toHaveText(member.email);
    const layout = await address.evaluate((element) => {
      const parts = Array.from(element.querySelectorAll(':scope > span > span')).map((part) => {
        const range = document.createRange();
        // The part's text alone: the <wbr> before it may sit at the end of the line above.
        range.selectNodeContents(part.lastChild!);
        // One line box per part: it was not broken inside.
        const lines = new Set(
          Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)),
        );
        return { text: part.textContent, lines: lines.size };
      });
      const all = document.createRange();
      all.selectNodeContents(element);
      const tops = new Set(Array.from(all.getClientRects()).map((rect) => Math.round(rect.top)));
      return { parts, lines: tops.size, overflow: document.documentElement.scrollWidth };
    });
    expect(layout.lines).toBeGreaterThan(1);
    expect(layout.parts.filter((part) => part.lines !== 1)).toEqual([]);
    expect(layout.overflow).toBeLessThanOrEqual(375);
    await expect(page.getByRole('link', { name: 'Wrong email?' })).toBeVisible();
  });

  test('toasts take the dark scheme’s colours with readable text', async ({ stack, page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${stack.urls.web}/sign-up`);
    // A sign-up the server fails: an error that belongs to no field, so a toast.
    await page.route(pathIs('/users/request-account'), (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'down' }),
      }),
    );
    const member = newcomer();
    await fillSignUp(page, member);
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const error = page.locator('.Toastify__toast--error');
    await expect(error).toHaveText('Failed to create account. Please try again.');
    // A retry answers in the same place: still one toast.
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(toasts(page)).toHaveCount(1);
    // Held under the pointer, it does not close by itself while it is measured.
    await error.hover();

    const dark = await colours(error);
    // The dark --color-surface, as cards and dialogs have it.
    expect(dark.background).toBe('rgb(22, 27, 38)');
    expect(contrast(dark.text, dark.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dark.close!, dark.background)).toBeGreaterThanOrEqual(3);
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 812 });
      // The toast moves with the width and out from under the pointer, which lets its 5 s close
      // timer run again: held again, so it is still there to be measured in light below.
      await error.hover();
      await page.screenshot({ path: `${SHOTS}/onboarding-toast-error-${width}-dark.png` });
    }

    await page.emulateMedia({ colorScheme: 'light' });
    // The close button eases between its colours: measured once the change has settled.
    await expect
      .poll(async () => {
        const light = await colours(error);
        return [
          light.background,
          contrast(light.text, light.background) >= 4.5,
          contrast(light.close!, light.background) >= 3,
        ];
      })
      .toEqual(['rgb(255, 255, 255)', true, true]);
    await page.screenshot({ path: `${SHOTS}/onboarding-toast-error-1280-light.png` });
  });

  test('the code screen at 375 and 1280 px, light and dark (screenshots), is axe-clean', async ({
    stack,
    page,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    const member = newcomer((id) => `dorothy.vaughan.${id}@analysis-and-computation.example.org`);
    await signUp(page, stack.urls.web, member);
    await expect(toasts(page)).toHaveCount(1);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 812 });
        await page.screenshot({ path: `${SHOTS}/onboarding-verify-otp-${width}-${scheme}.png` });
      }
      expect(await seriousAccessibilityIssues(page)).toEqual([]);
    }
  });
});
