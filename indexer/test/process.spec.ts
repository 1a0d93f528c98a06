import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

// These run the built indexer (`npm test -w indexer` builds first) as its own process.
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

/** Resolves with the health URL once the indexer has logged it. */
function healthUrl(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const look = () => {
      const found = /health on (http:\/\/\S+)/.exec(output());
      if (found?.[1] !== undefined) {
        resolve(found[1]);
      }
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.on('exit', () => reject(new Error(`exited before serving health:\n${output()}`)));
  });
}

describe('the indexer process', () => {
  beforeAll(() => {
    if (!existsSync(main)) {
      throw new Error(`${main} is missing: run \`npm run build -w indexer\` first`);
    }
  });

  it('refuses to boot, naming the variable, when a required value is missing', async () => {
    const { child, output } = run({
      PATH: process.env.PATH,
      DATABASE_URL: process.env.DATABASE_URL,
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(output()).toContain('Invalid environment for the indexer');
    expect(output()).toContain('REDIS_URL is required');
  });

  describe('when running', () => {
    let indexer: ReturnType<typeof run>;
    let url: string;
    beforeAll(async () => {
      // NODE_ENV development: the health address is logged at info level.
      indexer = run({ ...process.env, NODE_ENV: 'development', INDEXER_HEALTH_PORT: '0' });
      url = await healthUrl(indexer.child, indexer.output);
    });
    afterAll(() => {
      if (indexer.child.exitCode === null && indexer.child.signalCode === null) {
        indexer.child.kill('SIGKILL');
      }
    });

    it('answers /health on its own port', async () => {
      const response = await fetch(`${url}/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    });

    it('answers /ready when Postgres and Redis are up', async () => {
      const response = await fetch(`${url}/ready`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ready', postgres: 'up', redis: 'up' });
    });

    it('stops cleanly on SIGTERM, closing its health port', async () => {
      indexer.child.kill('SIGTERM');
      const [code, signal] = (await once(indexer.child, 'exit')) as [
        number | null,
        NodeJS.Signals | null,
      ];
      // Nest closes every module, then re-raises the signal.
      expect({ code, signal }).toEqual({ code: null, signal: 'SIGTERM' });
      expect(indexer.output()).toContain('SIGTERM: stopping');
      expect(indexer.output()).not.toMatch(/ERROR/);
      await expect(fetch(`${url}/health`)).rejects.toThrow();
    });
  });
});
