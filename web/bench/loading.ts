/**
 * What a member sees while the client loads on a slow network (issue 18 §4): the production build
 * (`vite build` + `vite preview`, with its Content Security Policy) of the whole stack that the
 * end-to-end suites start (test/kit/stack.ts: chain, database, API, indexer, web on free ports,
 * a database of its own, removed afterwards), opened in Chromium under DevTools' "Slow 3G"
 * (CDP Network.emulateNetworkConditions: 2,000 ms latency, 400 kbit/s down and up), each run in a
 * fresh browser context (an empty cache).
 *
 * Two journeys, RUNS times each, medians printed:
 *  - /dashboard opened by a signed-in member (the session already in local storage, as a
 *    returning member's browser has it);
 *  - /login, the member types for TYPING_MS, presses Log in, and the dashboard comes.
 *
 * Milestones, from the page's own clocks (navigation start = 0): the HTML's last byte
 * (Navigation Timing), the first paint (Paint Timing's first-contentful-paint: the splash, when
 * index.html has one), and when the DOM first held the signed-in shell (`#main`), then its content
 * (nothing under `#main` aria-busy); each "painted" at the first screencast frame drawn after.
 * "Its chunks arrived": the last JS or CSS file the page asked for before the shell was in the DOM
 * (Resource Timing). Blank frames: every frame Chromium drew from the HTML's arrival until the
 * content, recorded by bench/frames.ts.
 *
 * Goals: the splash painted within 1 s of the HTML; the shell (with its skeletons) painted within
 * SHELL_SLACK_MS of its last chunk, i.e. nothing but parsing and rendering in between (after
 * Log in: within that of the login's answer, the chunks having been fetched while the member
 * typed); no blank frame. Exits non-zero when one is missed. The app shows no screen before its
 * start-up check (SPEC §7: the region) has answered, so when that answers after the chunks the
 * shell is measured from it; both are printed, and how busy the machine's CPUs were (the browser
 * parses and renders on them: other work on the machine stretches the shell's figure).
 *
 *   npm run bench:loading -w web [-- --runs 3]
 *   (`npm run bench -w web` runs it after bench/bundle.ts)
 */
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';

import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';

import { median } from '@lendpath/test-kit/bench/figures';
import { machineTicks } from '@lendpath/test-kit/bench/proc';
import { writeResults } from '@lendpath/test-kit/bench/results';
import { benchServices } from '@lendpath/test-kit/bench/services';
import { type Stack, startStack } from '@lendpath/test-kit/stack';
import { apiLogin, type SignedIn, storeSession } from '../../test/e2e/session.ts';
import { type Frame, recordFrames, SLOW_3G } from './frames.ts';

const GOALS = { splashAfterHtmlMs: 1_000, blankFrames: 0 };
/** Parsing, running and rendering what has arrived, on a busy two-core machine. */
const SHELL_SLACK_MS = 250;
/** How long the member takes to type an email and a password on the login screen. */
const TYPING_MS = 5_000;
const LOAD_TIMEOUT_MS = 90_000;

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const RUNS = Number(args.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  throw new Error('--runs must be a whole number of at least 1');
}

const resultsFile = join(import.meta.dirname, 'loading-results.json');

/**
 * How busy the whole machine's CPUs were (0–1, all cores): the browser parses and renders on
 * them, so a busy machine (other suites, other work) stretches the time from a chunk's arrival to
 * its paint. Printed beside the figures; /proc/stat's first line: user nice system idle iowait
 * irq softirq steal, in clock ticks.
 */
function cpuTicks(): { busy: number; total: number } {
  const ticks = machineTicks().slice(0, 8);
  const busy = [0, 1, 2, 5, 6, 7].reduce((sum, i) => sum + (ticks[i] ?? 0), 0);
  return { busy, total: ticks.reduce((sum, tick) => sum + tick, 0) };
}

/** What the page recorded of itself (the init script below), in ms since navigation start. */
interface PageClock {
  timeOrigin: number;
  htmlArrived: number;
  firstPaint: number | null;
  submitted: number | null;
  shellInDom: number | null;
  contentInDom: number | null;
  /** What the document showed, each time that changed. */
  states: { at: number; state: string }[];
  resources: { name: string; startTime: number; responseEnd: number }[];
}

/**
 * Runs in the page before its own scripts: notes when the shell and its content first appear,
 * and what the document shows each time that changes.
 */
function watchMilestones(): void {
  if (window.top !== window || location.protocol === 'about:') {
    return;
  }
  const clock = { submitted: null as number | null, shell: null as number | null };
  const content = { at: null as number | null };
  const states: { at: number; state: string }[] = [];
  const describe = (): string => {
    const main = document.querySelector('#main');
    if (main !== null) {
      return main.querySelector('[aria-busy="true"]') === null ? 'content' : 'shell';
    }
    if (document.querySelector('[data-route-fallback]') !== null) {
      return 'route fallback';
    }
    const splash = document.querySelector('#splash');
    if (splash !== null && getComputedStyle(splash).display !== 'none') {
      return 'splash';
    }
    const root = document.querySelector('#root');
    if (root === null) {
      return 'parsing';
    }
    return root.childElementCount === 0 ? 'empty #root' : 'app (start-up or a screen)';
  };
  const look = () => {
    const state = describe();
    const now = performance.now();
    if (states.at(-1)?.state !== state) {
      states.push({ at: now, state });
    }
    if ((state === 'shell' || state === 'content') && clock.shell === null) {
      clock.shell = now;
    }
    if (state === 'content' && content.at === null) {
      content.at = now;
    }
  };
  new MutationObserver(look).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-busy', 'class', 'style'],
  });
  document.addEventListener('submit', () => (clock.submitted ??= performance.now()), true);
  Object.assign(window, { __loading: { clock, content, states } });
}

async function readClock(page: Page): Promise<PageClock> {
  return page.evaluate(() => {
    const seen = (window as unknown as Record<string, unknown>).__loading as {
      clock: { submitted: number | null; shell: number | null };
      content: { at: number | null };
      states: { at: number; state: string }[];
    };
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      timeOrigin: performance.timeOrigin,
      htmlArrived: navigation?.responseEnd ?? 0,
      firstPaint: paint?.startTime ?? null,
      submitted: seen.clock.submitted,
      shellInDom: seen.clock.shell,
      contentInDom: seen.content.at,
      states: seen.states,
      resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
        (entry) => ({
          name: entry.name,
          startTime: entry.startTime,
          responseEnd: entry.responseEnd,
        }),
      ),
    };
  });
}

interface Run {
  htmlArrived: number;
  splashPainted: number | null;
  /** When the login's answer arrived (the login journey only). */
  loginAnswered: number | null;
  /**
   * When the start-up check (SPEC §7: the API root, for the region) answered: the app shows no
   * screen before it, whatever code has arrived.
   */
  startupAnswered: number | null;
  chunksArrived: number;
  shellPainted: number;
  contentPainted: number;
  /** Frames drawn after the HTML arrived, up to the content. */
  frames: number;
  blank: { at: number; state: string }[];
  states: { at: number; state: string }[];
  /** The machine's CPUs busy during the run, 0–1 (stolen time included). */
  machineBusy: number;
}

/** The first frame drawn at or after `at` (page ms), in page ms. */
function paintedAt(frames: Frame[], timeOrigin: number, at: number): number {
  const frame = frames.find((candidate) => candidate.at - timeOrigin >= at);
  return frame === undefined ? at : frame.at - timeOrigin;
}

async function measure(
  context: BrowserContext,
  { webUrl, apiUrl }: { webUrl: string; apiUrl: string },
  journey: (page: Page) => Promise<void>,
): Promise<Run> {
  const page = await context.newPage();
  await page.addInitScript(watchMilestones);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  const screencast = await recordFrames(cdp);
  const cpuBefore = cpuTicks();
  try {
    await journey(page);
    await page.waitForFunction(
      () =>
        (window as unknown as { __loading: { content: { at: number | null } } }).__loading.content
          .at !== null,
      undefined,
      { timeout: LOAD_TIMEOUT_MS, polling: 100 },
    );
    // Let the compositor draw what the content's commit asked for.
    await page.waitForTimeout(500);
  } finally {
    await screencast.stop();
  }
  const cpuAfter = cpuTicks();
  const machineBusy =
    (cpuAfter.busy - cpuBefore.busy) / Math.max(1, cpuAfter.total - cpuBefore.total);
  const clock = await readClock(page);
  await page.close();
  const { frames } = screencast;
  const shellInDom = clock.shellInDom!;
  const contentInDom = clock.contentInDom!;
  const ownFiles = clock.resources.filter(
    (entry) =>
      entry.name.startsWith(`${webUrl}/assets/`) &&
      /\.(js|css)$/.test(entry.name) &&
      entry.startTime < shellInDom,
  );
  const login = clock.resources.find((entry) => entry.name.endsWith('/users/login'));
  const contentPainted = paintedAt(frames, clock.timeOrigin, contentInDom);
  const stateAt = (at: number) =>
    clock.states.findLast((state) => state.at <= at)?.state ?? 'before the first state';
  const watched = frames.filter((frame) => {
    const at = frame.at - clock.timeOrigin;
    return at >= clock.htmlArrived && at <= contentPainted;
  });
  return {
    htmlArrived: clock.htmlArrived,
    splashPainted: clock.firstPaint,
    loginAnswered: login?.responseEnd ?? null,
    startupAnswered:
      clock.resources.find((entry) => entry.name === `${apiUrl}/`)?.responseEnd ?? null,
    chunksArrived: Math.max(...ownFiles.map((entry) => entry.responseEnd)),
    shellPainted: paintedAt(frames, clock.timeOrigin, shellInDom),
    contentPainted,
    frames: watched.length,
    blank: watched
      .filter((frame) => frame.blank)
      .map((frame) => {
        const at = frame.at - clock.timeOrigin;
        return { at: Math.round(at), state: stateAt(at) };
      }),
    states: clock.states.map(({ at, state }) => ({ at: Math.round(at), state })),
    machineBusy,
  };
}

const ms = (value: number): string => `${Math.round(value).toLocaleString('en')} ms`;
const tick = (met: boolean): string => (met ? '✔' : '✘');

/** Prints one journey's medians beside the goals; returns its figures and whether all were met. */
function report(title: string, runs: Run[], after: 'chunks' | 'login') {
  const of = (pick: (run: Run) => number) => median(runs.map(pick));
  const html = of((run) => run.htmlArrived);
  const splash = runs.every((run) => run.splashPainted !== null)
    ? of((run) => run.splashPainted!)
    : null;
  // The shell can be drawn once its code is in and the start-up check has answered (after Log in:
  // once the login has answered, the code having come while the member typed).
  const readyAt = (run: Run) =>
    after === 'chunks'
      ? Math.max(run.chunksArrived, run.startupAnswered ?? 0)
      : (run.loginAnswered ?? 0);
  const reference =
    after === 'chunks' ? of((run) => run.chunksArrived) : of((run) => run.loginAnswered ?? 0);
  const startup = of((run) => run.startupAnswered ?? 0);
  const shell = of((run) => run.shellPainted);
  const shellLag = of((run) => run.shellPainted - readyAt(run));
  const content = of((run) => run.contentPainted);
  const blank = runs.reduce((sum, run) => sum + run.blank.length, 0);
  const frames = runs.reduce((sum, run) => sum + run.frames, 0);
  const splashLag = splash === null ? null : splash - html;
  const splashMet = splashLag !== null && splashLag < GOALS.splashAfterHtmlMs;
  const shellMet = shellLag <= SHELL_SLACK_MS;
  const blankMet = blank <= GOALS.blankFrames;
  const pad = (label: string) => `    ${label.padEnd(30)}`;
  console.log(`  ${title} (median of ${runs.length})`);
  console.log(`${pad('HTML arrived')}${ms(html).padStart(9)}`);
  if (title.startsWith('/dashboard')) {
    console.log(
      `${pad('first paint (splash)')}${(splash === null ? '—' : ms(splash)).padStart(9)}` +
        `   ${splashLag === null ? 'none' : `+${ms(splashLag)}`} after the HTML ` +
        `(goal < ${ms(GOALS.splashAfterHtmlMs)}) ${tick(splashMet)}`,
    );
  }
  console.log(
    `${pad(after === 'chunks' ? "the shell's chunks arrived" : 'the login answered')}` +
      `${ms(reference).padStart(9)}`,
  );
  if (after === 'chunks') {
    console.log(`${pad('the start-up check answered')}${ms(startup).padStart(9)}`);
  }
  console.log(
    `${pad('shell painted (skeletons)')}${ms(shell).padStart(9)}   +${ms(shellLag)} after ` +
      `${after === 'chunks' ? 'both' : 'the answer'} (goal ≤ ${ms(SHELL_SLACK_MS)}) ` +
      tick(shellMet),
  );
  console.log(`${pad('content painted')}${ms(content).padStart(9)}`);
  console.log(
    `${pad('blank frames')}${String(blank).padStart(9)}   of ${frames} drawn from the HTML to ` +
      `the content, all runs (goal ${GOALS.blankFrames}) ${tick(blankMet)}`,
  );
  const busy = of((run) => run.machineBusy);
  console.log(
    `${pad('machine CPU busy')}${`${Math.round(busy * 100)} %`.padStart(9)}   of its ` +
      `${cpus().length} cores during a run (the browser included; load average ` +
      `${loadavg()[0]!.toFixed(1)}): a busy machine stretches parsing and rendering`,
  );
  for (const [index, run] of runs.entries()) {
    for (const frame of run.blank) {
      console.log(`      run ${index + 1}: blank frame at ${ms(frame.at)} (${frame.state})`);
    }
  }
  const journeyMet = (title.startsWith('/dashboard') ? splashMet : true) && shellMet && blankMet;
  return {
    met: journeyMet,
    json: {
      htmlArrivedMs: Math.round(html),
      splashPaintedMs: splash === null ? null : Math.round(splash),
      splashAfterHtmlMs: splashLag === null ? null : Math.round(splashLag),
      [after === 'chunks' ? 'chunksArrivedMs' : 'loginAnsweredMs']: Math.round(reference),
      ...(after === 'chunks' ? { startupAnsweredMs: Math.round(startup) } : {}),
      shellPaintedMs: Math.round(shell),
      shellAfterMs: Math.round(shellLag),
      contentPaintedMs: Math.round(content),
      blankFrames: blank,
      framesWatched: frames,
      machineCpuBusyPercent: Math.round(busy * 100),
      met: journeyMet,
      runs: runs.map((run) => ({
        ...run,
        htmlArrived: Math.round(run.htmlArrived),
        splashPainted: run.splashPainted === null ? null : Math.round(run.splashPainted),
        loginAnswered: run.loginAnswered === null ? null : Math.round(run.loginAnswered),
        startupAnswered: run.startupAnswered === null ? null : Math.round(run.startupAnswered),
        chunksArrived: Math.round(run.chunksArrived),
        shellPainted: Math.round(run.shellPainted),
        contentPainted: Math.round(run.contentPainted),
        machineBusy: Math.round(run.machineBusy * 100) / 100,
      })),
    },
  };
}

const services = benchServices('lendpath_loading', 'loading');
let stack: Stack | undefined;
let browser: Browser | undefined;
const cleanUp = async () => {
  await browser?.close().catch(() => {});
  await stack?.stop();
  await services.remove();
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

try {
  console.log('The stack, as the end-to-end suites start it (production web build):');
  stack = await startStack({
    mode: 'test',
    databaseUrl: services.databaseUrl,
    redisUrl: services.redis,
    queuePrefix: services.prefix,
    logDir: join(tmpdir(), `lendpath-loading-bench-${process.pid}`),
  });
  const { urls } = stack;
  const member = stack.demoMembers[0];
  if (member === undefined) {
    throw new Error('the stack seeded no demo member');
  }
  const signedIn: SignedIn = await apiLogin(urls.api, member.email, member.password);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const viewport = { width: 1280, height: 800 };

  const dashboard: Run[] = [];
  const login: Run[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    process.stdout.write(`  run ${run} of ${RUNS}: /dashboard`);
    const signedInContext = await browser.newContext({ viewport });
    dashboard.push(
      await measure(signedInContext, { webUrl: urls.web, apiUrl: urls.api }, async (page) => {
        await storeSession(page, signedIn);
        await page.goto(`${urls.web}/dashboard`, { timeout: LOAD_TIMEOUT_MS });
      }),
    );
    await signedInContext.close();

    process.stdout.write(', /login → dashboard\n');
    const visitor = await browser.newContext({ viewport });
    login.push(
      await measure(visitor, { webUrl: urls.web, apiUrl: urls.api }, async (page) => {
        await page.goto(`${urls.web}/login`, { timeout: LOAD_TIMEOUT_MS });
        const email = page.getByLabel('Email');
        await email.waitFor({ timeout: LOAD_TIMEOUT_MS });
        await page.waitForTimeout(TYPING_MS);
        await email.fill(member.email);
        await page.getByLabel('Password').fill(member.password);
        await page.getByRole('button', { name: 'Log in' }).click();
      }),
    );
    await visitor.close();
  }

  console.log(
    `\nSlow 3G (DevTools' preset: ${SLOW_3G.latency.toLocaleString('en')} ms latency, ` +
      `${(SLOW_3G.downloadThroughput * 8) / 1000} kbit/s down and up), production build, ` +
      'cold cache; ms since navigation start:',
  );
  const dashboardReport = report('/dashboard, signed in', dashboard, 'chunks');
  const loginReport = report(
    `/login, ${TYPING_MS / 1000} s of typing, Log in → dashboard`,
    login,
    'login',
  );

  const results = {
    measuredAt: new Date().toISOString(),
    settings: { network: SLOW_3G, runs: RUNS, typingMs: TYPING_MS, viewport },
    goals: { ...GOALS, shellAfterItsChunksAndStartupMs: SHELL_SLACK_MS },
    dashboard: dashboardReport.json,
    login: loginReport.json,
  };
  await writeResults(resultsFile, results);
  console.log(`written to ${relative(process.cwd(), resultsFile) || resultsFile}`);
  process.exitCode = dashboardReport.met && loginReport.met ? 0 : 1;
} finally {
  await cleanUp();
}
