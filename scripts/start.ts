/**
 * `npm run start [-- api indexer web]`: the built apps with production settings (NODE_ENV
 * production, no watchers, no seeds), configured by the environment (README, "Running in
 * production"). Without names it runs the migrations, then all three on this machine; with
 * names it starts only those and leaves the migrations to `npm run migrate`, run once per
 * release. Each app's lines go to this process's output unchanged (JSON, one object a line).
 * Once one app exits the others are stopped and this process exits non-zero, so whatever
 * supervises it restarts the set; SIGTERM or SIGINT stops them all.
 *
 * It imports nothing but Node's own modules: a production install needs no dev dependencies.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

type App = 'api' | 'indexer' | 'web';

/** Each app: its folder, what runs, and the file its build leaves (the entry itself, or not). */
const APPS: Record<App, { cwd: string; entry: string; built: string }> = {
  api: { cwd: 'api', entry: 'dist/main.js', built: 'dist/main.js' },
  indexer: { cwd: 'indexer', entry: 'dist/main.js', built: 'dist/main.js' },
  web: { cwd: 'web', entry: 'serve.ts', built: 'dist/index.html' },
};

const MIGRATIONS = ['api/dist/database/migrate.js', 'indexer/dist/database/migrate.js'];

const root = join(import.meta.dirname, '..');
const env = { ...process.env, NODE_ENV: 'production' };
/** This script's own lines go to stderr, so stdout holds only the apps' JSON lines. */
const say = (line: string) => console.error(`start: ${line}`);

const names = process.argv.slice(2);
const unknown = names.filter((name) => !(name in APPS));
if (unknown.length > 0) {
  say(`unknown app ${unknown.join(', ')}; usage: npm run start [-- api indexer web]`);
  process.exit(2);
}
const apps = (names.length === 0 ? Object.keys(APPS) : [...new Set(names)]) as App[];
const migrate = names.length === 0;

const needed = [
  ...apps.map((app) => join(APPS[app].cwd, APPS[app].built)),
  ...(migrate ? MIGRATIONS : []),
];
const missing = needed.filter((path) => !existsSync(join(root, path)));
if (missing.length > 0) {
  say(`the build is missing (${missing.join(', ')}): run \`npm run build\` first`);
  process.exit(1);
}

/** Runs one migration script to its end; exits with its code when it fails. */
function runMigration(script: string): Promise<void> {
  return new Promise((resolve) => {
    // Its report goes to stderr with this script's lines: stdout is the apps' JSON alone.
    const child = spawn(process.execPath, [join(root, script)], {
      env,
      stdio: ['ignore', 2, 2],
    });
    child.on('exit', (code, signal) => {
      if (code === 0) {
        resolve();
        return;
      }
      say(`${script} failed (${signal ?? `exit ${code}`}); nothing was started`);
      process.exit(code ?? 1);
    });
  });
}

if (migrate) {
  for (const script of MIGRATIONS) {
    await runMigration(script);
  }
} else {
  say('migrations not run: `npm run migrate` applies them, once per release');
}

const running = new Map<App, ChildProcess>();
let stopping = false;
let exitCode = 0;

function stopAll(): void {
  stopping = true;
  for (const child of running.values()) {
    child.kill('SIGTERM');
  }
}

for (const app of apps) {
  const { cwd, entry } = APPS[app];
  // Each from its own folder, as `npm run start -w <app>` would: relative paths in the
  // environment (DEPLOYMENT_FILE, UPLOAD_DIR) mean the same either way.
  const child = spawn(process.execPath, [entry], { cwd: join(root, cwd), env, stdio: 'inherit' });
  running.set(app, child);
  say(`${app} started (pid ${child.pid})`);
  child.on('exit', (code, signal) => {
    running.delete(app);
    if (!stopping) {
      say(`${app} exited (${signal ?? `exit ${code}`}); stopping the others`);
      exitCode = code === 0 || code === null ? 1 : code;
      stopAll();
    }
    if (running.size === 0) {
      process.exit(exitCode);
    }
  });
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (!stopping) {
      say(`${signal}: stopping ${[...running.keys()].join(', ')}`);
      stopAll();
    }
  });
}
