/**
 * `npm test`: every suite of every workspace against real services, one after another (two
 * cores), then one plain line summing them all: `N passed, N failed[, N skipped]`.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

import { root } from './lib/stack.ts';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface Suite {
  name: string;
  workspace: string;
  /** Extra arguments for the workspace's `test` script (a machine-readable report). */
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Reads the counts from the machine-readable report of a finished run. */
  count(): Promise<Counts>;
}

const reports = join(root, '.test', 'reports');

interface JestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numRuntimeErrorTestSuites: number;
}

function jestSuite(workspace: string): Suite {
  const file = join(reports, `${workspace}.json`);
  return {
    name: workspace,
    workspace,
    args: ['--json', `--outputFile=${file}`],
    count: async () => {
      const report = JSON.parse(await readFile(file, 'utf8')) as JestReport;
      return {
        passed: report.numPassedTests,
        // A suite that could not run (a syntax error, a failing hook) counts as a failure.
        failed: report.numFailedTests + report.numRuntimeErrorTestSuites,
        skipped: report.numPendingTests + report.numTodoTests,
      };
    },
  };
}

/** A suite whose runner writes `{ passed, failed, skipped }` to the file given by --report. */
function reportingSuite(name: string, workspace: string): Suite {
  const file = join(reports, `${name}.json`);
  return {
    name,
    workspace,
    args: ['--report', file],
    count: async () => JSON.parse(await readFile(file, 'utf8')) as Counts,
  };
}

const e2eReport = join(reports, 'e2e.json');

const suites: Suite[] = [
  reportingSuite('contracts', 'contracts'),
  jestSuite('api'),
  jestSuite('indexer'),
  jestSuite('web'),
  {
    name: 'e2e',
    workspace: 'test',
    args: [],
    env: { E2E_JSON_REPORT: e2eReport },
    count: async () => {
      const { stats } = JSON.parse(await readFile(e2eReport, 'utf8')) as {
        stats: { expected: number; unexpected: number; flaky: number; skipped: number };
      };
      return {
        passed: stats.expected + stats.flaky,
        failed: stats.unexpected,
        skipped: stats.skipped,
      };
    },
  },
];

function runSuite(suite: Suite): Promise<number> {
  return new Promise((resolve) => {
    const args = ['run', 'test', '--workspace', suite.workspace];
    if (suite.args.length > 0) {
      args.push('--', ...suite.args);
    }
    const child = spawn('npm', args, {
      cwd: root,
      env: { ...process.env, ...suite.env },
      stdio: 'inherit',
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

await rm(reports, { recursive: true, force: true });
await mkdir(reports, { recursive: true });

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];
const started = performance.now();
for (const suite of suites) {
  console.log(`\n━━ ${suite.name} ━━`);
  const suiteStarted = performance.now();
  const code = await runSuite(suite);
  let counts = await suite.count().catch(() => undefined);
  if (counts === undefined) {
    // No report at all: the suite crashed before it could count.
    counts = { passed: 0, failed: 1, skipped: 0 };
  } else if (code !== 0 && counts.failed === 0) {
    // It counted only passes yet exited non-zero (a teardown or coverage failure): a failure.
    counts = { ...counts, failed: 1 };
  }
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  const seconds = ((performance.now() - suiteStarted) / 1000).toFixed(1);
  lines.push(
    `  ${counts.failed === 0 ? '✔' : '✘'} ${suite.name.padEnd(10)} ${counts.passed} passed, ${counts.failed} failed` +
      `${counts.skipped > 0 ? `, ${counts.skipped} skipped` : ''} (${seconds} s)`,
  );
}

console.log(
  `\nAll suites (${((performance.now() - started) / 1000).toFixed(0)} s):\n${lines.join('\n')}\n`,
);
console.log(
  `${total.passed} passed, ${total.failed} failed${total.skipped > 0 ? `, ${total.skipped} skipped` : ''}`,
);
process.exitCode = total.failed === 0 ? 0 : 1;
