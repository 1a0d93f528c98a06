import { readFile } from 'node:fs/promises';

import type { Deployment } from './deployment.ts';

/**
 * Reads the deployment written by `npm run deploy` for a chain, or undefined when that chain has
 * none. Node only: the browser bundle gets addresses through its env instead.
 */
export async function deploymentFor(chainId: number): Promise<Deployment | undefined> {
  const file = new URL(`../deployments/${chainId}.json`, import.meta.url);
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Deployment;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return undefined;
    }
    throw error;
  }
}
