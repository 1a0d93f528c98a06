import { randomBytes } from 'node:crypto';

import type { Page, Route } from '@playwright/test';

import { expect } from './fixtures.ts';

/**
 * The toast says `text` (of the `kind` given, when given); it is then closed, so a later toast
 * with the same words is a new one and not this one still on screen.
 */
export async function expectToast(target: Page, text: string, kind?: 'success' | 'info' | 'error') {
  const toast = target.locator('.Toastify__toast').filter({ hasText: text });
  await expect(toast).toBeVisible();
  if (kind !== undefined) {
    await expect(toast).toHaveClass(new RegExp(`Toastify__toast--${kind}`));
  }
  const close = toast.getByRole('button', { name: 'close' });
  await expect(close).toBeVisible();
  // A toast closes itself after 5 s (web/src/app/provider.tsx). On a busy machine that can begin
  // while the click waits for the toast to stand still, and then there is nothing left to click:
  // the toast being gone is what the click was for, so only a toast still there fails the test.
  await close.click({ timeout: 5_000 }).catch(async (error: unknown) => {
    if ((await toast.count()) > 0) {
      throw error;
    }
  });
  await expect(toast).toHaveCount(0);
}

/** Matches a request by its path alone (any host, any query). */
export const pathIs = (path: string) => (url: URL) => url.pathname === path;

/**
 * Holds the page's next `method` request matching `url` until the test lets it go (the returned
 * function). A busy or loading state lasts only as long as a local request, too short to see
 * reliably; held, it can be checked without timing. The request then goes to the real API
 * unchanged.
 */
export async function holdNext(
  target: Page,
  url: string | RegExp | ((url: URL) => boolean),
  method: string,
): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = false;
  const handler = async (route: Route) => {
    if (held || route.request().method() !== method) {
      await route.fallback();
      return;
    }
    held = true;
    await released;
    await route.fallback();
  };
  await target.route(url, handler);
  return async () => {
    release();
    await target.unroute(url, handler);
  };
}

/** Someone signing up in a test: a fresh address each time (the name says which suite). */
export interface Newcomer {
  fullname: string;
  phone: string;
  email: string;
  password: string;
}

export function newcomer(name: string, email?: (id: string) => string): Newcomer {
  const id = randomBytes(4).toString('hex');
  const first = name.split(' ')[0]!.toLowerCase();
  return {
    fullname: `${name} ${id}`,
    phone: '+1 (757) 555-0163',
    email: email?.(id) ?? `${first}.${id}@example.com`,
    password: `wind-tunnel-${id}`,
  };
}

/** Fills the sign-up form's fields (not the terms box, which SPEC checks last). */
export async function fillSignUp(page: Page, member: Newcomer): Promise<void> {
  await page.getByLabel('Full name').fill(member.fullname);
  await page.getByLabel('Phone Number').fill(member.phone);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByLabel('Confirm password').fill(member.password);
}
