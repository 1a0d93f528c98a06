import type { Page } from '@playwright/test';

import { type Frame, recordFrames, SLOW_3G } from '../../web/bench/frames.ts';
import { expect, test } from './fixtures.ts';
import { holdNext } from './page-tools.ts';
import { signInAs } from './session.ts';

/** A built file of the web client, by the name Vite gives its chunk (`dashboard-<hash>.js`). */
const asset = (name: string, extension: 'js' | 'css') =>
  new RegExp(`/assets/${name}-[\\w-]+\\.${extension}$`);

/** Whether the page has painted anything yet (Paint Timing). */
const painted = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length > 0);

/**
 * A phone's CPU, as DevTools' "4x slowdown": on a slow CPU the HTML parser pauses between the
 * start of <body> and the splash, and Chromium drew an empty page in that pause until index.html
 * held rendering back (its rel=expect); at full speed the pause is too short to catch.
 */
const CPU_SLOWDOWN = 4;

/**
 * Opens `path` under DevTools' Slow 3G on a slowed CPU and returns every frame Chromium drew from
 * the HTML's arrival until `ready` resolves.
 */
async function framesWhileLoading(page: Page, url: string, ready: () => Promise<void>) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const screencast = await recordFrames(cdp);
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  await ready();
  // What the last commit asked for, drawn.
  await page.waitForTimeout(300);
  await screencast.stop();
  const { timeOrigin, htmlArrived } = await page.evaluate(() => ({
    timeOrigin: performance.timeOrigin,
    htmlArrived: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
      .responseEnd,
  }));
  // From here on, a frame's `at` is in ms after the HTML arrived: what a failure prints.
  const after = screencast.frames
    .map((frame) => ({ ...frame, at: Math.round(frame.at - timeOrigin - htmlArrived) }))
    .filter((frame) => frame.at >= 0);
  expect(after.length, 'frames drawn after the HTML arrived').toBeGreaterThan(0);
  return after;
}

/** When each blank frame was drawn, in ms after the HTML arrived. */
const blankAt = (frames: Frame[]) =>
  frames.filter((frame) => frame.blank).map((frame) => `${frame.at} ms after the HTML`);

test.describe('loading', () => {
  test('the splash paints with the HTML, before the stylesheet and the code', async ({
    stack,
    page,
  }) => {
    const releaseCss = await holdNext(page, asset('index', 'css'), 'GET');
    const releaseJs = await holdNext(page, asset('index', 'js'), 'GET');
    await page.goto(`${stack.urls.web}/login`, { waitUntil: 'commit' });
    const splash = page.locator('#splash');
    await expect(splash).toBeVisible();
    await expect(splash.getByText('LendPath', { exact: true })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(/Loading LendPath/);
    await expect.poll(() => painted(page)).toBe(true);
    await expect(page.locator('html')).toHaveCSS('background-color', 'rgb(246, 247, 251)');

    // The build moved the stylesheet below the splash; the app still waits for it (no unstyled
    // screen), whatever arrives first.
    const script = page.waitForResponse(asset('index', 'js'));
    await releaseJs();
    await script;
    await page.waitForTimeout(500);
    await expect(page.locator('#root')).toBeEmpty();
    await expect(splash).toBeVisible();

    await releaseCss();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(splash).toBeHidden();
  });

  test.describe('in dark mode', () => {
    test.use({ colorScheme: 'dark' });

    test('the splash is dark from the first paint', async ({ stack, page }) => {
      const releaseJs = await holdNext(page, asset('index', 'js'), 'GET');
      await page.goto(`${stack.urls.web}/login`, { waitUntil: 'commit' });
      await expect(page.locator('#splash')).toBeVisible();
      await expect(page.locator('html')).toHaveCSS('background-color', 'rgb(12, 17, 29)');
      await expect(page.locator('#splash')).toHaveCSS('background-color', 'rgb(12, 17, 29)');
      await releaseJs();
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    });
  });

  test('the route fallback shows while the first screen’s code loads', async ({ stack, page }) => {
    await signInAs(page, stack.urls.api, stack.demoMembers[0]!);
    const release = await holdNext(page, asset('dashboard', 'js'), 'GET');
    await page.goto(`${stack.urls.web}/dashboard`);
    const fallback = page.locator('[data-route-fallback]');
    await expect(fallback).toBeVisible();
    await expect(fallback).toHaveAttribute('role', 'status');
    await expect(page.locator('#splash')).toBeHidden();

    await release();
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    await expect(fallback).toHaveCount(0);
  });

  test('an in-app navigation shows the progress bar until the next screen is in', async ({
    stack,
    page,
  }) => {
    await signInAs(page, stack.urls.api, stack.demoMembers[0]!);
    await page.goto(`${stack.urls.web}/dashboard`);
    const welcome = page.getByRole('heading', { name: /^Welcome, / });
    await expect(welcome).toBeVisible();
    const bar = page.getByRole('progressbar', { name: 'Loading the page' });
    await expect(bar).toHaveCount(0);

    const release = await holdNext(page, asset('profile', 'js'), 'GET');
    await page.locator('aside').getByRole('link', { name: 'Profile', exact: true }).click();
    await expect(bar).toBeVisible();
    // The current screen stays while the next one's code is on its way.
    await expect(welcome).toBeVisible();

    await release();
    await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
    await expect(bar).toHaveCount(0);
  });

  test('the login screen fetches the signed-in code before Log in is pressed', async ({
    stack,
    page,
  }) => {
    const fetched: string[] = [];
    page.on('requestfinished', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto(`${stack.urls.web}/login`);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    for (const chunk of ['signed-in', 'dashboard']) {
      await expect
        .poll(() => fetched.some((path) => asset(chunk, 'js').test(path)), { message: chunk })
        .toBe(true);
    }
  });

  test('no blank frame while a member’s dashboard loads on Slow 3G', async ({ stack, page }) => {
    test.setTimeout(150_000);
    await signInAs(page, stack.urls.api, stack.demoMembers[0]!);
    const frames = await framesWhileLoading(page, `${stack.urls.web}/dashboard`, async () => {
      await expect(page.getByRole('heading', { name: 'Market States' })).toBeVisible({
        timeout: 90_000,
      });
      await expect(page.locator('#main [aria-busy="true"]')).toHaveCount(0, { timeout: 45_000 });
    });
    expect(blankAt(frames), 'blank frames').toEqual([]);
  });

  test.describe('in dark mode', () => {
    test.use({ colorScheme: 'dark' });

    test('no blank or light frame while /login loads on Slow 3G', async ({ stack, page }) => {
      test.setTimeout(150_000);
      const frames = await framesWhileLoading(page, `${stack.urls.web}/login`, async () => {
        await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible({
          timeout: 90_000,
        });
      });
      expect(blankAt(frames), 'blank frames').toEqual([]);
      const light = frames.filter(({ colour: [r, g, b] }) => r + g + b > 3 * 128);
      expect(light.map((frame) => frame.colour)).toEqual([]);
    });
  });
});
