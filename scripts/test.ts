/**
 * `npm test`: every suite of every workspace against real services, one after another (two
 * cores), then one plain line summing them all, exactly `N passed, N failed` (CI reads it; skipped
 * tests are counted in the per-suite summary above it).
 *
 * First the preflight (test/kit/preflight.ts): a missing Chromium is installed as .ci/run installs
 * it, where that needs no password; services that do not answer, or a browser it cannot install, stop
 * the run before any suite with one line saying what is missing (then `0 passed, 1 failed`).
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

import { machineProbe, preflight, totalLine } from '@lendpath/test-kit/preflight';
import { root } from '@lendpath/test-kit/stack';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface Suite {
  name: string;
  /** What runs it, from the root. */
  command: string[];
  env?: NodeJS.ProcessEnv;
  /** Reads the counts from the machine-readable report of a finished run. */
  count(): Promise<Counts>;
}

const reports = join(root, '.test', 'reports');

/** A workspace's `test` script, with extra arguments (a machine-readable report). */
const npmTest = (workspace: string, args: string[] = []) => [
  'npm',
  'run',
  'test',
  '--workspace',
  workspace,
  ...(args.length > 0 ? ['--', ...args] : []),
];

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
    command: npmTest(workspace, ['--json', `--outputFile=${file}`]),
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
    command: npmTest(workspace, ['--report', file]),
    count: async () => JSON.parse(await readFile(file, 'utf8')) as Counts,
  };
}

/** The test kit's own specs (`*.spec.ts` under test/kit/) on node:test, counted from its TAP. */
function kitSuite(): Suite {
  const file = join(reports, 'test-kit.tap');
  return {
    name: 'test-kit',
    command: [
      process.execPath,
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${file}`,
      'test/kit/**/*.spec.ts',
    ],
    count: async () => {
      const tap = await readFile(file, 'utf8');
      const total = (name: string): number => {
        const found = new RegExp(`^# ${name} (\\d+)$`, 'm').exec(tap);
        if (found === null) {
          throw new Error(`no "# ${name}" total in ${file}`);
        }
        return Number(found[1]);
      };
      return {
        passed: total('pass'),
        failed: total('fail') + total('cancelled'),
        skipped: total('skipped') + total('todo'),
      };
    },
  };
}

const e2eReport = join(reports, 'e2e.json');

const suites: Suite[] = [
  kitSuite(),
  reportingSuite('contracts', 'contracts'),
  jestSuite('api'),
  jestSuite('indexer'),
  jestSuite('web'),
  {
    name: 'e2e',
    command: npmTest('test'),
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
    const [command, ...args] = suite.command;
    const child = spawn(command!, args, {
      cwd: root,
      env: { ...process.env, ...suite.env },
      stdio: 'inherit',
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** Runs every suite; returns the total and one line per suite. */
async function runSuites(): Promise<{ total: Counts; lines: string[] }> {
  await rm(reports, { recursive: true, force: true });
  await mkdir(reports, { recursive: true });
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  const lines: string[] = [];
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
  return { total, lines };
}

const started = performance.now();
const missing = await preflight(machineProbe());
let total: Counts;
if (missing === undefined) {
  const run = await runSuites();
  total = run.total;
  const skipped = total.skipped > 0 ? `; ${total.skipped} skipped in all` : '';
  console.log(
    `\nAll suites (${((performance.now() - started) / 1000).toFixed(0)} s${skipped}):\n` +
      `${run.lines.join('\n')}\n`,
  );
} else {
  console.log(missing);
  // No suite ran: the run failed as a whole, and the last line keeps its form.
  total = { passed: 0, failed: 1, skipped: 0 };
}
// Exactly this form, whatever happened above: CI parses it.
console.log(totalLine(total));
process.exitCode = total.failed === 0 ? 0 : 1;
