import { type Env, loadEnv } from '../src/config/env';

/** The environment global setup prepared (a fresh database), with overrides. */
export function testEnv(overrides: NodeJS.ProcessEnv = {}): Env {
  return loadEnv({ ...process.env, API_PORT: '0', ...overrides });
}
