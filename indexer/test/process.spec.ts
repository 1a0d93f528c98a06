import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { type IndexerFixture, indexerFixture } from './support/indexer-fixture';

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

  it('refuses to boot when the deployment file is missing or malformed', async () => {
    const { child, output } = run({
      ...process.env,
      RPC_URL: 'http://127.0.0.1:9',
      DEPLOYMENT_FILE: join(__dirname, 'no-such-deployment.json'),
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(output()).toMatch(/DEPLOYMENT_FILE .*no-such-deployment\.json/);
  });

  describe('when running', () => {
    let fixture: IndexerFixture;
    let indexer: ReturnType<typeof run>;
    let url: string;
    beforeAll(async () => {
      fixture = await indexerFixture();
      const { env } = fixture;
      // NODE_ENV development: the health address is logged at info level.
      indexer = run({
        ...process.env,
        NODE_ENV: 'development',
        INDEXER_HEALTH_PORT: '0',
        DATABASE_URL: env.DATABASE_URL,
        QUEUE_PREFIX: env.QUEUE_PREFIX,
        RPC_URL: env.RPC_URL,
        DEPLOYMENT_FILE: env.DEPLOYMENT_FILE,
      });
      url = await healthUrl(indexer.child, indexer.output);
    }, 60_000);
    afterAll(async () => {
      if (indexer.child.exitCode === null && indexer.child.signalCode === null) {
        indexer.child.kill('SIGKILL');
      }
      await fixture.close();
    });

    it('answers /health on its own port', async () => {
      const response = await fetch(`${url}/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    });

    it('answers /ready once Postgres and Redis are up and it has caught up with the head', async () => {
      const body = await fixture.until(
        'ready',
        async () => (await fetch(`${url}/ready`)).json() as Promise<{ status: string }>,
        (answer) => answer.status === 'ready',
      );
      expect(body).toEqual({
        status: 'ready',
        postgres: 'up',
        redis: 'up',
        caughtUp: true,
        halted: null,
      });
    });

    it('serves Prometheus metrics: the chain it sees, what it indexed, its RPC calls', async () => {
      const response = await fetch(`${url}/metrics`);
      expect(response.status).toBe(200);
      const text = await response.text();
      const head = Number(await fixture.chain.rpc<string>('eth_blockNumber'));
      expect(text).toMatch(new RegExp(`^indexer_head_block ${head}$`, 'm'));
      expect(text).toMatch(new RegExp(`^indexer_indexed_block ${head}$`, 'm'));
      expect(text).toMatch(/^indexer_rpc_seconds_count\{method="eth_getBlockByNumber"\} [1-9]/m);
      expect(text).toMatch(/^indexer_queue_jobs\{queue="chain-events",state="waiting"\} \d+/m);
      expect(text).toMatch(/^indexer_reorgs_total 0$/m);
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
