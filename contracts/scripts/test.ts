/**
 * `npm test -w contracts`: every Solidity and TypeScript test with line and branch coverage
 * (against an instrumented copy, see branch-coverage.ts; MicroLending.sol must be fully covered),
 * then the gas pass, which needs the real bytecode. With --report <file> it writes the summed
 * counts as JSON for the root test runner.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

import { prepareProject, readCoverage } from './branch-coverage.ts';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const { values } = parseArgs({ options: { report: { type: 'string' } } });
const root = new URL('../', import.meta.url);
// npm hoists hardhat to the repository root's node_modules.
const hardhat = new URL('../../node_modules/hardhat/dist/src/cli.js', import.meta.url);

function hardhatRun(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [hardhat.pathname, ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const relay = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      output += chunk.toString();
      stream.write(chunk);
    };
    child.stdout.on('data', relay(process.stdout));
    child.stderr.on('data', relay(process.stderr));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Hardhat's closing summary: the last `N passing`, `N failing` and `N skipped` lines. */
function countsOf({ code, output }: { code: number; output: string }): Counts {
  const last = (word: string) => {
    const all = [...output.matchAll(new RegExp(`^\\s*(\\d+) ${word}\\b`, 'gm'))];
    return Number(all.at(-1)?.[1] ?? 0);
  };
  const counts = { passed: last('passing'), failed: last('failing'), skipped: last('skipped') };
  // A run that failed without counting a failure (compilation, a crash) is one failure.
  return code !== 0 && counts.failed === 0 ? { ...counts, failed: counts.failed + 1 } : counts;
}

/** Prints line and branch coverage; answers what is not covered. */
async function coverageGaps(): Promise<string[]> {
  const gaps: string[] = [];
  for (const { path, lines, branches } of await readCoverage()) {
    const percent = (hit: number, found: number) => `${((hit / found) * 100).toFixed(2)} %`;
    console.log(
      `coverage ${path}: lines ${lines.hit}/${lines.found} (${percent(lines.hit, lines.found)}),` +
        ` branches ${branches.hit}/${branches.found} (${percent(branches.hit, branches.found)})`,
    );
    if (lines.missed.length > 0) {
      gaps.push(`${path}: lines not covered: ${lines.missed.join(', ')}`);
    }
    for (const branch of branches.missed) {
      gaps.push(`${path}:${branch.line}: the ${branch.arm} arm of this ${branch.kind} never ran`);
    }
  }
  return gaps;
}

// The real artifacts first: the ABI drift test reads them, and the coverage pass builds elsewhere.
const built = countsOf(await hardhatRun(['build']));
await prepareProject();
const covered = countsOf(
  await hardhatRun(['--config', '.coverage/hardhat.config.ts', 'test', '--coverage']),
);
const gaps = await coverageGaps().catch((error: unknown) => [
  `coverage report unreadable: ${String(error)}`,
]);
for (const gap of gaps) {
  console.error(`✘ ${gap}`);
}
const gas = countsOf(await hardhatRun(['test', 'nodejs', 'test/gas.test.ts']));

// The gas test is skipped in the coverage pass and runs in the gas pass: count it once.
const total: Counts = {
  passed: covered.passed + gas.passed,
  failed: covered.failed + gas.failed + (gaps.length > 0 ? 1 : 0) + (built.failed > 0 ? 1 : 0),
  skipped: Math.max(0, covered.skipped - gas.passed - gas.failed),
};
console.log(
  `\ncontracts: ${total.passed} passed, ${total.failed} failed${total.skipped > 0 ? `, ${total.skipped} skipped` : ''}`,
);
if (values.report !== undefined) {
  await writeFile(values.report, JSON.stringify(total));
}
process.exitCode = total.failed === 0 ? 0 : 1;
