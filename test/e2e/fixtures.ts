import { test as base } from '@playwright/test';

import type { Deployment } from '@lendpath/contracts';

import type { DemoMember, StackUrls } from '../../scripts/lib/stack.ts';

interface RunningStack {
  urls: StackUrls;
  deployment: Deployment;
  demoMembers: DemoMember[];
  /** The stack's own database, for what no API sets (e.g. how old an account is). */
  databaseUrl: string;
}

/** The running stack that global-setup.ts started. */
export const test = base.extend<{ stack: RunningStack }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
  stack: async ({}, use) => {
    const raw = process.env.E2E_STACK;
    if (raw === undefined) {
      throw new Error('E2E_STACK is unset: run the suites through playwright.config.ts');
    }
    await use(JSON.parse(raw) as RunningStack);
  },
});

export { expect } from '@playwright/test';
