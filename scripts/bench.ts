/** `npm run bench`: each workspace's benchmarks, for those that have them. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { root } from '@lendpath/test-kit/stack';

const workspaces = ['contracts', 'api', 'indexer', 'web', 'test'];
let failed = false;
for (const workspace of workspaces) {
  const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  if (manifest.scripts?.bench === undefined) {
    console.log(`${workspace}: no benchmarks yet`);
    continue;
  }
  console.log(`\n━━ ${workspace} ━━`);
  const result = spawnSync('npm', ['run', 'bench', '--workspace', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  failed ||= result.status !== 0;
}
process.exitCode = failed ? 1 : 0;
