/**
 * `npm run check`: lint, typecheck and format check of every workspace. Runs them all and
 * reports each, so one failure does not hide another.
 */
import { spawn } from 'node:child_process';

import { step } from './lib/progress.ts';
import { root } from './lib/stack.ts';

const workspaces = ['contracts', 'api', 'indexer', 'web', 'test', 'scripts'];

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(output.trim() || `exit ${code}`)),
    );
  });
}

const failures: string[] = [];
async function check(label: string, command: string, args: string[]): Promise<void> {
  await step(label, () => run(command, args)).catch((error: unknown) => {
    failures.push(`${label}:\n${error instanceof Error ? error.message : String(error)}`);
  });
}

// The contracts' generated types (artifacts/*.d.ts) must exist before anything typechecks.
await check('build contracts', 'npm', ['run', 'build', '--workspace', 'contracts']);
await check('lint (eslint, type-aware, all workspaces)', 'npx', [
  'eslint',
  '--max-warnings',
  '0',
  '.',
]);
for (const workspace of workspaces) {
  await check(`typecheck ${workspace}`, 'npx', [
    'tsc',
    '--noEmit',
    '-p',
    `${workspace}/tsconfig.json`,
  ]);
}
await check('typecheck root config', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
await check('format (prettier)', 'npx', ['prettier', '--check', '.']);

if (failures.length > 0) {
  console.error(`\n${failures.join('\n\n')}`);
  process.exitCode = 1;
}
