import { join } from 'node:path';

import { type Env, loadEnv } from '../src/config/env';

/**
 * The environment global setup prepared (a fresh database), with overrides. Suites that do not
 * touch the chain get a deployment that points nowhere (the API reads the chain only on demand);
 * the lending suites pass a real node's RPC_URL and DEPLOYMENT_FILE.
 */
export function testEnv(overrides: NodeJS.ProcessEnv = {}): Env {
  return loadEnv({
    RPC_URL: 'http://127.0.0.1:9',
    DEPLOYMENT_FILE: join(__dirname, 'fixtures', 'deployment.json'),
    ...process.env,
    API_PORT: '0',
    ...overrides,
  });
}
