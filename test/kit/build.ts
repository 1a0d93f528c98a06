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

/** The Nest apps, in build order (the api imports the indexer's public entry). */
export const APPS = ['indexer', 'api'] as const;
export type App = (typeof APPS)[number];

/** Whether the app's built entry point (`<app>/dist/main.js`) is missing. */
export const unbuilt = (app: App) => newestMtime(join(root, app, 'dist', 'main.js')) === 0;

/**
 * Builds the contracts, then `apps`, unless each dist is newer than all of its sources. The api
 * imports the indexer's public entry (`@lendpath/indexer/jobs`): building it brings the indexer.
 */
export async function buildIfStale(requested: readonly App[]): Promise<void> {
  const apps = APPS.filter(
    (app) => requested.includes(app) || (app === 'indexer' && requested.includes('api')),
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
  const imports = { indexer: ['contracts/dist'], api: ['contracts/dist', 'indexer/dist/public'] };
  // In build order: what follows a rebuilt app is rebuilt after it.
  const toBuild: App[] = [];
  for (const app of apps) {
    const sources = [`${app}/src`, ...settings(app), 'nest-cli.json', ...imports[app]];
    if (toBuild.length > 0 || stale(`${app}/dist/main.js`, sources)) {
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
