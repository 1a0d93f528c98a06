import { test as base } from '@playwright/test';

import type { Deployment, StackUrls } from '../../scripts/lib/stack.ts';

/** The running stack that global-setup.ts started. */
export const test = base.extend<{ stack: { urls: StackUrls; deployment: Deployment } }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
  stack: async ({}, use) => {
    const raw = process.env.E2E_STACK;
    if (raw === undefined) {
      throw new Error('E2E_STACK is unset: run the suites through playwright.config.ts');
    }
    await use(JSON.parse(raw) as { urls: StackUrls; deployment: Deployment });
  },
});

export { expect } from '@playwright/test';
