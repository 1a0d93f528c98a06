import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The api workspace folder, found by walking up from this file to the package.json named
 * `@lendpath/api`: the same answer from `src/` (jest) and from `dist/` (the build), whatever the
 * working directory.
 */
export function findApiRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && readPackageName(manifest) === '@lendpath/api') {
      return dir;
    }
    if (dirname(dir) === dir) {
      throw new Error(`no package.json named @lendpath/api above ${from}`);
    }
  }
}

function readPackageName(manifest: string): unknown {
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name;
  } catch {
    return undefined;
  }
}

export const API_ROOT = findApiRoot();

/** The Academy's static images (covers, section figures), committed with the code. */
export const ACADEMY_CONTENT_DIR = join(API_ROOT, 'content', 'academy');
