import { type Env, loadEnv } from '../src/config/env';

/**
 * The environment global setup prepared (a fresh database, and a chain that is never reached:
 * the API reads the chain only on demand), with overrides. The lending suites pass a real node's
 * RPC_URL and DEPLOYMENT_FILE. Apps in the test process log warnings and errors only (into the
 * test's output), unless LOG_LEVEL says otherwise.
 */
export function testEnv(overrides: NodeJS.ProcessEnv = {}): Env {
  return loadEnv({
    ...process.env,
    API_PORT: '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...overrides,
  });
}
