import { type Env, loadEnv } from '../src/config/env';

/**
 * The environment global setup prepared (a fresh database, and a chain that is never reached:
 * the API reads the chain only on demand), with overrides. The lending suites pass a real node's
 * RPC_URL and DEPLOYMENT_FILE.
 */
export function testEnv(overrides: NodeJS.ProcessEnv = {}): Env {
  return loadEnv({ ...process.env, API_PORT: '0', ...overrides });
}
