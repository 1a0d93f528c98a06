import { defineConfig } from '@playwright/test';

// Debian's Chromium (installed by .ci/run), never a browser Playwright downloads. The flags keep
// it from reaching for the network this machine does not have.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './global-setup.ts',
  // One stack, one browser: the suites share the stack and run one at a time on two cores.
  workers: 1,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: process.env.CI !== undefined,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.E2E_JSON_REPORT ?? 'test-results/report.json' }],
  ],
  use: {
    browserName: 'chromium',
    // A failed test keeps its trace (every action's DOM, network, console) but no screencast:
    // filming every test cost the screens suite ~20 % of its time on a slow guest.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
