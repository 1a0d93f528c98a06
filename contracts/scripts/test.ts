/**
 * `npm test -w contracts`: every Solidity and TypeScript test with coverage (the report is printed,
 * and MicroLending.sol must be fully covered), then the gas pass, which needs uninstrumented
 * bytecode. With --report <file> it writes the summed counts as JSON for the root test runner.
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const { values } = parseArgs({ options: { report: { type: 'string' } } });
const root = new URL('../', import.meta.url);
// npm hoists hardhat to the repository root's node_modules.
const hardhat = new URL('../../node_modules/hardhat/dist/src/cli.js', import.meta.url);

/** Files that must be fully covered (the mocks are test tools). */
const mustCover = ['contracts/MicroLending.sol'];

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

/** Line coverage of each file that must be fully covered, from the LCOV report. */
async function coverageGaps(): Promise<string[]> {
  const lcov = await readFile(new URL('coverage/lcov.info', root), 'utf8');
  const gaps: string[] = [];
  for (const file of mustCover) {
    const record = lcov.split('end_of_record').find((r) => r.includes(`SF:${file}\n`));
    if (record === undefined) {
      gaps.push(`${file}: not in the coverage report`);
      continue;
    }
    const found = Number(/^LF:(\d+)$/m.exec(record)?.[1] ?? 0);
    const hit = Number(/^LH:(\d+)$/m.exec(record)?.[1] ?? 0);
    const missed = [...record.matchAll(/^DA:(\d+),0$/gm)].map((m) => m[1]);
    console.log(`coverage ${file}: lines ${hit}/${found} (${((hit / found) * 100).toFixed(2)} %)`);
    if (hit < found || found === 0) {
      gaps.push(`${file}: lines not covered: ${missed.join(', ')}`);
    }
  }
  return gaps;
}

const covered = countsOf(await hardhatRun(['test', '--coverage']));
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
  failed: covered.failed + gas.failed + (gaps.length > 0 ? 1 : 0),
  skipped: Math.max(0, covered.skipped - gas.passed - gas.failed),
};
console.log(
  `\ncontracts: ${total.passed} passed, ${total.failed} failed${total.skipped > 0 ? `, ${total.skipped} skipped` : ''}`,
);
if (values.report !== undefined) {
  await writeFile(values.report, JSON.stringify(total));
}
process.exitCode = total.failed === 0 ? 0 : 1;
