import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { createApp } from '../src/main';
import { signedInMember } from './members';
import { testEnv } from './test-env';

// These run the built server (`npm test -w api` builds first) as its own process.
const main = join(__dirname, '..', 'dist', 'main.js');

function run(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [main], {
    env: { ...env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** Resolves with the URL once the server says it is listening. */
function listening(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', () => {
      // A log line: readable in development, a JSON object (the URL ends at its quote) elsewhere.
      const found = /api listening on (http:\/\/[^\s"]+)/.exec(output());
      if (found?.[1] !== undefined) {
        resolve(found[1]);
      }
    });
    child.on('exit', () => reject(new Error(`exited before listening:\n${output()}`)));
  });
}

describe('the api process', () => {
  beforeAll(() => {
    if (!existsSync(main)) {
      throw new Error(`${main} is missing: run \`npm run build -w api\` first`);
    }
  });

  it('refuses to boot, naming the variable, when a required value is missing', async () => {
    const { child, output } = run({ PATH: process.env.PATH, REDIS_URL: 'redis://127.0.0.1:6379' });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(output()).toContain('Invalid environment for the API');
    expect(output()).toContain('DATABASE_URL is required');
  });

  it('refuses to boot when a value is invalid', async () => {
    const { child, output } = run({ ...process.env, API_PORT: 'eighty' });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(output()).toContain('API_PORT must be a port number');
  });

  // Nest closes every module (HTTP server, Postgres pool, Redis) and then re-raises the signal,
  // so a clean stop reads as "terminated by SIGTERM" with nothing logged on the way out.
  it('boots without Redis, says it is not ready, and still stops on SIGTERM within its bound', async () => {
    const { child, output } = run({
      ...process.env,
      API_PORT: '0',
      REDIS_URL: 'redis://127.0.0.1:1',
      API_SHUTDOWN_TIMEOUT_MS: '1500',
    });
    const url = await listening(child, output);
    expect((await fetch(`${url}/health`)).status).toBe(200);
    const ready = await fetch(`${url}/ready`, {
      headers: { authorization: `Bearer ${process.env.OPS_TOKEN}` },
    });
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      success: false,
      message: 'Not ready: redis unavailable',
      code: 'HEALTH.NOT_READY',
    });
    // Anyone else learns only that it is not.
    expect(await (await fetch(`${url}/ready`)).json()).toEqual({
      success: false,
      message: 'Not ready',
      code: 'HEALTH.NOT_READY',
    });
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    // Nest's own close waits for Redis; the bound ends the process instead.
    expect(code).toBe(1);
    expect(output()).toContain('still running 1500 ms after SIGTERM; exiting');
  });

  it('stops cleanly on SIGTERM', async () => {
    const { child, output } = run({ ...process.env, API_PORT: '0' });
    await listening(child, output);
    const before = output().length;
    child.kill('SIGTERM');
    const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    expect({ code, signal }).toEqual({ code: null, signal: 'SIGTERM' });
    expect(output().slice(before)).not.toMatch(/error/i);
  });

  it('ends an open loan stream and stops cleanly on SIGTERM', async () => {
    // A member's token, signed with the secret the process shares (JWT_SECRET from global setup).
    const app = await createApp(testEnv());
    const { token } = await signedInMember(app, '', 'Streamer');
    await app.close();
    const { child, output } = run({ ...process.env, API_PORT: '0' });
    const url = await listening(child, output);
    const response = await fetch(`${url}/microlending/stream`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const read = response.text();
    child.kill('SIGTERM');
    const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    expect({ code, signal }).toEqual({ code: null, signal: 'SIGTERM' });
    expect(await read).toBe('retry: 2000\n\n');
  });
});
