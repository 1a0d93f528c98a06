/**
 * Builds for the benchmarks, the end-to-end stack and the apps' test scripts: only what is older
 * than its sources, so a rerun starts at once.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { run } from './children.ts';

const root = join(import.meta.dirname, '..', '..');

/** The newest modification time under `path` (0 when it does not exist). */
export function newestMtime(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined) {
    return 0;
  }
  if (!stat.isDirectory()) {
    return stat.mtimeMs;
  }
  return Math.max(0, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

/** The Nest apps, in build order. */
export const APPS = ['indexer', 'api'] as const;
export type App = (typeof APPS)[number];

/**
 * The apps each app's build imports, always through their public entry (`<app>/dist/public`; the
 * api: `@lendpath/indexer/jobs`).
 */
const IMPORTED_APPS: Record<App, readonly App[]> = { indexer: [], api: ['indexer'] };

/**
 * Builds the contracts, then `requested` and the apps they import ({@link IMPORTED_APPS}), unless
 * each dist is newer than all of its sources.
 */
export async function buildIfStale(requested: readonly App[]): Promise<void> {
  const apps = APPS.filter((app) =>
    requested.some((wanted) => wanted === app || IMPORTED_APPS[wanted].includes(app)),
  );
  const stale = (dist: string, sources: string[]) => {
    const built = newestMtime(join(root, dist));
    return built === 0 || sources.some((source) => newestMtime(join(root, source)) > built);
  };
  // A build's settings count as its sources, and so do the built packages it imports: one built
  // since (by another script) may have changed the types it compiles against.
  const settings = (dir: string) => [
    `${dir}/tsconfig.json`,
    `${dir}/tsconfig.build.json`,
    'tsconfig.json',
  ];
  const contracts = stale('contracts/dist/index.js', [
    'contracts/src',
    'contracts/contracts',
    'contracts/hardhat.config.ts',
    ...settings('contracts'),
  ]);
  if (contracts) {
    console.log('building contracts…');
    await run('npm', ['run', 'build', '--workspace', 'contracts'], { cwd: root });
  }
  // Judged before any app is built, so an app importing one about to be rebuilt is rebuilt after
  // it (its dist is not newer yet); the contracts are already built by now.
  const toBuild: App[] = [];
  for (const app of apps) {
    const imported = IMPORTED_APPS[app];
    const sources = [
      `${app}/src`,
      ...settings(app),
      'nest-cli.json',
      'contracts/dist',
      ...imported.map((other) => `${other}/dist/public`),
    ];
    if (
      imported.some((other) => toBuild.includes(other)) ||
      stale(`${app}/dist/main.js`, sources)
    ) {
      toBuild.push(app);
    }
  }
  if (toBuild.length > 0) {
    console.log(`building ${toBuild.join(' and ')}…`);
    await run('npm', ['run', 'build', ...toBuild.flatMap((app) => ['--workspace', app])], {
      cwd: root,
    });
  }
}
