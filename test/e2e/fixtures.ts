import { test as base, expect } from '@playwright/test';

import type { Deployment } from '@lendpath/contracts';

import type { DemoMember, StackUrls } from '@lendpath/test-kit/stack';

interface RunningStack {
  urls: StackUrls;
  deployment: Deployment;
  demoMembers: DemoMember[];
  /** The stack's own database, for what no API sets (e.g. how old an account is). */
  databaseUrl: string;
}

/**
 * The running stack that global-setup.ts started; and, around every test, a watch on its pages
 * for anything the production build's Content Security Policy refused (the build is served with
 * it, so a refused script, style, image or request is a broken feature).
 */
export const test = base.extend<{ stack: RunningStack; policyViolations: void }>({
  policyViolations: [
    async ({ context }, use) => {
      const refused: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          refused.push(`${message.location().url}: ${message.text()}`);
        }
      });
      await use();
      expect(refused, 'the Content Security Policy refused something').toEqual([]);
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
  stack: async ({}, use) => {
    const raw = process.env.E2E_STACK;
    if (raw === undefined) {
      throw new Error('E2E_STACK is unset: run the suites through playwright.config.ts');
    }
    await use(JSON.parse(raw) as RunningStack);
  },
});

export { expect };
