import type { Page } from '@playwright/test';

import { codeFromInbox } from './inbox.ts';

/** The keys the web client keeps in local storage (web/src/lib). */
const SESSION_KEY = 'lendpath.session';
const TERMS_KEY = 'lendpath.termsAccepted';

/** What the client stores (web/src/lib/session.ts). */
interface SignedInState {
  detail: { _id: string } | null;
  token: string | null;
  refresh: string | null;
}

export interface SignedIn {
  token: string;
  refresh: string;
  user: { _id: string; fullname: string; email: string };
}

/** Logs in through the API, as the login screen would. */
export async function apiLogin(apiUrl: string, email: string, password: string) {
  const response = await fetch(`${apiUrl}/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) {
    throw new Error(`login of ${email} failed: ${response.status}`);
  }
  return ((await response.json()) as { data: SignedIn }).data;
}

/**
 * Opens the page already signed in (and past the terms modal) as the member, the way a
 * returning member's browser is: the session is in local storage before the app starts.
 */
export async function signInAs(
  page: Page,
  apiUrl: string,
  member: { email: string; password: string },
): Promise<SignedIn> {
  const signedIn = await apiLogin(apiUrl, member.email, member.password);
  await storeSession(page, signedIn);
  return signedIn;
}

/** Puts a session the test already holds into the page's storage before the app starts. */
export async function storeSession(page: Page, signedIn: SignedIn): Promise<void> {
  const stored = JSON.stringify({
    loading: false,
    detail: signedIn.user,
    token: signedIn.token,
    refresh: signedIn.refresh,
    error: null,
  });
  await page.addInitScript(
    ([sessionKey, session, termsKey]) => {
      if (window.localStorage.getItem(sessionKey) === null) {
        window.localStorage.setItem(sessionKey, session);
      }
      window.localStorage.setItem(termsKey, new Date().toISOString());
    },
    [SESSION_KEY, stored, TERMS_KEY] as const,
  );
}

/**
 * A new verified member, made through the API as the sign-up screens do (the code read from the
 * mail inbox): a suite that changes a member's history uses its own, not the shared demo ones.
 */
export async function signUpMember(
  urls: { api: string; mailInbox: string },
  fullname: string,
): Promise<SignedIn> {
  const email = `${fullname.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@e2e.lendpath.test`;
  const phone = '+44 20 7946 0000';
  const password = `${fullname.replace(/\W+/g, '-')}-lends-1826`;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${urls.api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      throw new Error(`${path} for ${email}: ${response.status} ${await response.text()}`);
    }
    return ((await response.json()) as { data: unknown }).data;
  };
  const sent = new Date(Date.now() - 1_000);
  await post('/users/request-account', { email, phone });
  const otp = await codeFromInbox(urls.mailInbox, email, 'verification', sent);
  return (await post('/users/verify-account/', {
    email,
    phone,
    otp,
    fullname,
    password,
  })) as SignedIn;
}

/** Past the terms modal without signing in. */
export async function acceptTerms(page: Page): Promise<void> {
  await page.addInitScript((termsKey) => {
    window.localStorage.setItem(termsKey, new Date().toISOString());
  }, TERMS_KEY);
}

/** The session the web client holds in this page's local storage, or null. */
export function storedSession(page: Page): Promise<SignedInState | null> {
  return page.evaluate(
    (key) => JSON.parse(window.localStorage.getItem(key) ?? 'null') as SignedInState | null,
    SESSION_KEY,
  );
}

/** From the next page load on, the stored access token no longer passes (as after it expires). */
export async function spoilStoredToken(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    const stored = JSON.parse(window.localStorage.getItem(key)!) as { token: string };
    window.localStorage.setItem(key, JSON.stringify({ ...stored, token: `${stored.token}x` }));
  }, SESSION_KEY);
}
