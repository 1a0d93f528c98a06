/**
 * `npm run check`: lint, typecheck and format check of every workspace, and the web's generated
 * API types against the API's OpenAPI document. Runs them all and reports each, so one failure
 * does not hide another.
 */
import { apiTypesAreCurrent } from './api-types.ts';
import { run } from '@lendpath/test-kit/children';
import { step } from '@lendpath/test-kit/progress';
import { root } from '@lendpath/test-kit/stack';

const workspaces = ['contracts', 'api', 'indexer', 'web', 'test', 'test/kit', 'scripts'];

const failures: string[] = [];
async function check(label: string, command: string, args: string[]): Promise<void> {
  await step(label, () => run(command, args, { cwd: root })).catch((error: unknown) => {
    failures.push(`${label}:\n${error instanceof Error ? error.message : String(error)}`);
  });
}

// The contracts' generated types (artifacts/*.d.ts) must exist before anything typechecks, and
// the indexer's public entry (dist/public/*.d.ts) before the api does.
await check('build contracts', 'npm', ['run', 'build', '--workspace', 'contracts']);
await check('build indexer', 'npm', ['run', 'build', '--workspace', 'indexer']);
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
// api/openapi.json itself is checked against the code by the api's test/openapi.spec.ts.
await step('web API types match api/openapi.json', async () => {
  if (!(await apiTypesAreCurrent())) {
    throw new Error(
      'web/src/api/schema.gen.ts differs from what api/openapi.json generates: run ' +
        '`npm run generate:api-types` and commit the result.',
    );
  }
}).catch((error: unknown) => {
  failures.push(error instanceof Error ? error.message : String(error));
});

if (failures.length > 0) {
  console.error(`\n${failures.join('\n\n')}`);
  process.exitCode = 1;
}
