import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { root, type StackUrls } from '@lendpath/test-kit/stack';
import { seriousAccessibilityIssues } from './a11y.ts';
import { expect, test } from './fixtures.ts';
import { acceptTerms, apiLogin, type SignedIn, storeSession } from './session.ts';

/** Where the run leaves a picture of every screen at every width (the README shows a few). */
const screenshots = join(root, '.test', 'screenshots');
const widths = [375, 1280] as const;

/** The course the Academy's course screens show, with Ada enrolled in it. */
interface DemoCourse {
  courseId: string;
  /** The category's path segment (SPEC §2: its title in lower case, spaces as hyphens). */
  category: string;
  /** The course's first module. */
  moduleId: string;
}

interface Screen {
  name: string;
  /** A course screen's address needs the course's ids, which only the running API knows. */
  path: string | ((course: DemoCourse) => string);
  signedIn: boolean;
  /** What shows once the screen has everything it loads. */
  ready: (page: Page) => ReturnType<Page['getByRole']>;
}

const heading =
  (name: string, options: { exact?: boolean } = {}) =>
  (page: Page) =>
    page.getByRole('heading', { name, ...options });

const screens: Screen[] = [
  { name: 'login', path: '/login', signedIn: false, ready: heading('Welcome back') },
  { name: 'sign-up', path: '/sign-up', signedIn: false, ready: heading('Create your account') },
  {
    name: 'forgot-password',
    path: '/forgot-password',
    signedIn: false,
    ready: heading('Forgot your password?'),
  },
  {
    name: 'verify-otp',
    path: '/verify-otp?email=ada%40demo.lendpath.test',
    signedIn: false,
    ready: heading('Enter your reset code'),
  },
  {
    name: 'create-new-password',
    path: '/create-new-password?email=ada%40demo.lendpath.test&otpCode=123456',
    signedIn: false,
    ready: heading('Create a new password'),
  },
  {
    name: 'password-changed',
    path: '/password-changed',
    signedIn: false,
    ready: heading('Password changed'),
  },
  {
    name: 'terms-of-service',
    path: '/terms-of-service',
    signedIn: false,
    ready: heading('Terms of Service', { exact: true }),
  },
  {
    name: 'privacy-policy',
    path: '/privacy-policy',
    signedIn: false,
    ready: heading('Privacy Policy', { exact: true }),
  },
  {
    name: 'fee-sovereignty-pledge',
    path: '/fee-sovereignty-pledge',
    signedIn: false,
    ready: heading('Fee Sovereignty Pledge', { exact: true }),
  },
  {
    name: 'dashboard',
    path: '/dashboard',
    signedIn: true,
    ready: (page) => page.getByRole('list').filter({ hasText: 'Ethereum Classic' }),
  },
  { name: 'profile', path: '/profile', signedIn: true, ready: heading('Personal Information') },
  {
    name: 'transactions',
    path: '/transactions',
    signedIn: true,
    ready: (page) => page.getByRole('row', { name: /Repaid \(loan #/ }),
  },
  {
    // Without a browser wallet: the marketplace, and the banner that says one is needed.
    name: 'microlending',
    path: '/microlending',
    signedIn: true,
    // Any card: the marketplace lists newest first, 10 a page, and the lending suite before this
    // one adds requests that push the seeded ones to later pages.
    ready: (page) =>
      page.getByRole('region', { name: 'Available Loan Requests' }).getByRole('region'),
  },
  {
    name: 'academy',
    path: '/academy',
    signedIn: true,
    ready: (page) => page.getByRole('region', { name: 'Trending Courses' }).getByRole('article'),
  },
  {
    // The quizzes of the course Ada is enrolled in (the function makes sure she is).
    name: 'academy-quizzes',
    path: () => '/academy?tab=quizzes',
    signedIn: true,
    ready: (page) => page.getByRole('link', { name: '1. What Money Does' }),
  },
  {
    name: 'course',
    path: (course) => `/courses/${course.category}/${course.courseId}`,
    signedIn: true,
    ready: heading('Course Outline'),
  },
  {
    name: 'enrolled-course',
    path: (course) => `/courses/enrolled/${course.category}/${course.courseId}`,
    signedIn: true,
    ready: heading('Course Modules'),
  },
  {
    name: 'module-outline',
    path: (course) =>
      `/courses/enrolled/outline/${course.category}/${course.courseId}/${course.moduleId}`,
    signedIn: true,
    ready: (page) => page.getByText(/Module 1 of \d+/),
  },
  {
    name: 'quiz',
    path: (course) => `/courses/quiz/${course.courseId}/${course.moduleId}`,
    signedIn: true,
    ready: (page) => page.getByText(/Question 1 of \d+/),
  },
  {
    // The feed of every category: the demo members' welcome posts at least.
    name: 'community',
    path: '/community',
    signedIn: true,
    ready: (page) => page.getByRole('region', { name: 'Posts' }).getByRole('article'),
  },
];

/**
 * Ada's session, one login for the whole file: every signed-in screen at every width would
 * otherwise log in again, and logins are limited to 25 per 5 minutes per address and per IP.
 * The access token lasts 15 minutes, longer than this file runs.
 */
let adaSession: Promise<SignedIn> | undefined;
function adaSignedIn(urls: StackUrls, ada: { email: string; password: string }) {
  adaSession ??= apiLogin(urls.api, ada.email, ada.password);
  return adaSession;
}

/** Opens the page signed in as Ada (the first demo member). */
async function signInAsAda(
  page: Page,
  stack: { urls: StackUrls; demoMembers: { email: string; password: string }[] },
) {
  await storeSession(page, await adaSignedIn(stack.urls, stack.demoMembers[0]!));
}

let demoCourse: Promise<DemoCourse> | undefined;
/**
 * The first seeded course ('Money and Blockchains: The Basics') through the API, with Ada
 * enrolled in it, as a member would be (enrolling again changes nothing), so the enrolled
 * course, its outline and its quiz have something to show.
 */
function academyCourse(stack: {
  urls: StackUrls;
  demoMembers: { email: string; password: string }[];
}): Promise<DemoCourse> {
  demoCourse ??= (async () => {
    const ada = await adaSignedIn(stack.urls, stack.demoMembers[0]!);
    const call = async <T>(path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${stack.urls.api}/academy${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${ada.token}`,
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) {
        throw new Error(`/academy${path}: ${response.status} ${await response.text()}`);
      }
      return ((await response.json()) as { data: T }).data;
    };
    const { trending } = await call<{
      trending: { courseId: string; title: string; category: { title: string } }[];
    }>('/feed');
    const course = trending.find(({ title }) => title === 'Money and Blockchains: The Basics');
    if (course === undefined) {
      throw new Error('the seeded course Money and Blockchains: The Basics is not in the feed');
    }
    await call('/enroll', { userId: ada.user._id, courseId: course.courseId });
    const detail = await call<{ modules: { _id: string }[] }>(`/courses/${course.courseId}`);
    return {
      courseId: course.courseId,
      category: course.category.title.toLowerCase().replace(/ /g, '-'),
      moduleId: detail.modules[0]!._id,
    };
  })();
  return demoCourse;
}

/** The screen's address, its course ids filled in. */
async function addressOf(screen: Screen, stack: Parameters<typeof academyCourse>[0]) {
  return typeof screen.path === 'string' ? screen.path : screen.path(await academyCourse(stack));
}

/** Nothing wider than the screen: no sideways scrolling (UI.md). */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Layout shifts not caused by input, summed as the browser reports them (CLS). */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) {
          shifts.push(entry.value);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

for (const screen of screens) {
  test.describe(screen.name, () => {
    for (const width of widths) {
      test(`at ${width} px: no serious accessibility issue, nothing shifts, a screenshot`, async ({
        stack,
        page,
      }) => {
        await page.setViewportSize({ width, height: width < 768 ? 812 : 800 });
        await watchLayoutShifts(page);
        if (screen.signedIn) {
          await signInAsAda(page, stack);
        } else {
          await acceptTerms(page);
        }
        await page.goto(`${stack.urls.web}${await addressOf(screen, stack)}`);
        await expect(screen.ready(page).first()).toBeVisible();
        expect(await fitsWidth(page)).toBe(true);

        expect(await seriousAccessibilityIssues(page)).toEqual([]);

        const shift = await page.evaluate(() =>
          (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0),
        );
        // Web Vitals' "good" is under 0.1; loading states are drawn the size of what replaces them.
        expect(shift).toBeLessThan(0.1);

        await mkdir(screenshots, { recursive: true });
        await page.screenshot({
          path: join(screenshots, `${screen.name}-${width}.png`),
          fullPage: true,
          animations: 'disabled',
        });
      });
    }
  });
}

test('the accessibility check finds faint text and an image without a name', async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>A check of the check</title></head><body>' +
      '<main><h1>Faint</h1><p style="color:#ddd;background:#fff">words</p><img src="data:,"></main>' +
      '</body></html>',
  );
  const found = (await seriousAccessibilityIssues(page)).map((issue) => issue.split(':')[0]);
  expect(found.sort()).toEqual(['color-contrast', 'image-alt']);
});

test('every screen fits 768 px, the width where the sidebar appears', async ({ stack, page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await acceptTerms(page);
  // The public screens as a visitor sees them, then the signed-in ones as a member.
  const ordered = [...screens].sort((a, b) => Number(a.signedIn) - Number(b.signedIn));
  for (const screen of ordered) {
    if (screen === ordered.find((candidate) => candidate.signedIn)) {
      await signInAsAda(page, stack);
    }
    await page.goto(`${stack.urls.web}${await addressOf(screen, stack)}`);
    await expect(screen.ready(page).first()).toBeVisible();
    expect(await fitsWidth(page), `${screen.name} scrolls sideways at 768 px`).toBe(true);
  }
  await page.goto(`${stack.urls.web}/dashboard`);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
});

test('the drawer at 375 px, screenshot', async ({ stack, page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAsAda(page, stack);
  await page.goto(`${stack.urls.web}/dashboard`);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  expect(await seriousAccessibilityIssues(page)).toEqual([]);
  await mkdir(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, 'drawer-375.png'), animations: 'disabled' });
});
