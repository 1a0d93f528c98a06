import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort } from '@lendpath/test-kit/ports';
import { dropDatabase, uniqueDatabaseName, withDatabase } from '@lendpath/test-kit/postgres';
import { ensureDatabase } from '@lendpath/test-kit/postgres';
import { postgresServerUrl, redisUrl } from '@lendpath/test-kit/services';
import { root } from '@lendpath/test-kit/stack';
import { deleteKeys } from '@lendpath/test-kit/test-services';
import { until } from '@lendpath/test-kit/until';

import { expect, test } from './fixtures.ts';

interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** `npm run start` as the root script runs it (`node scripts/start.ts`), from `cwd`. */
function start(args: string[], env: NodeJS.ProcessEnv, script = join(root, 'scripts/start.ts')) {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let [stdout, stderr] = ['', ''];
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, stdout: () => stdout, stderr: () => stderr, exited } satisfies Started;
}

const answers = async (url: string, init?: RequestInit) =>
  fetch(url, { ...init, signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.status,
    () => 0,
  );

/**
 * Issue 21: `npm run start` runs the built api, indexer and web with production settings, after
 * the migrations, against real services (a fresh database, the stack's chain and mail server);
 * and fails clearly when the build or the environment is missing.
 */
test.describe('npm run start', () => {
  test('runs the built apps in production, then stops them all on SIGTERM', async ({ stack }) => {
    test.setTimeout(120_000);
    const databaseUrl = withDatabase(postgresServerUrl(), uniqueDatabaseName('lendpath_start'));
    const queuePrefix = `lendpath-start-${randomBytes(4).toString('hex')}`;
    const dir = mkdtempSync(join(tmpdir(), 'lendpath-start-'));
    const deploymentFile = join(dir, 'deployment.json');
    writeFileSync(deploymentFile, JSON.stringify(stack.deployment));
    const [apiPort, indexerPort, webPort] = [await freePort(), await freePort(), await freePort()];
    const [api, indexer, web] = [apiPort, indexerPort, webPort].map((p) => `http://127.0.0.1:${p}`);
    const secret = () => randomBytes(32).toString('hex');
    const opsToken = secret();
    await ensureDatabase(databaseUrl);
    const run = start([], {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl(),
      QUEUE_PREFIX: queuePrefix,
      API_PORT: `${apiPort}`,
      INDEXER_HEALTH_PORT: `${indexerPort}`,
      WEB_PORT: `${webPort}`,
      SMTP_URL: `smtp://${stack.urls.smtp.host}:${stack.urls.smtp.port}`,
      CODE_SECRET: secret(),
      JWT_SECRET: secret(),
      OPS_TOKEN: opsToken,
      NOTICE_SECRET: secret(),
      PUBLIC_API_URL: api!,
      QUEUE_DASHBOARD_USER: 'operator',
      QUEUE_DASHBOARD_PASSWORD: secret(),
      RPC_URL: stack.urls.rpc,
      DEPLOYMENT_FILE: deploymentFile,
      CORS_ORIGINS: web!,
      // The web build the stack made is for its API: the policy must name that one.
      VITE_API_URL: stack.urls.api,
      PUBLIC_RPC_URL: stack.urls.rpc,
    });
    try {
      const up = (url: string) => answers(url).then((status) => status === 200);
      for (const url of [`${api}/health`, `${indexer}/health`, `${web}/login`]) {
        await until(`${url} to answer`, () => up(url), Boolean, 60_000).catch((error: Error) => {
          throw new Error(`${error.message}\n${run.stderr()}\n${run.stdout()}`);
        });
      }
      const operator = { headers: { authorization: `Bearer ${opsToken}` } };
      // Ready once the new indexer has followed the chain into the fresh database.
      await until(
        '/ready',
        () => answers(`${api}/ready`, operator),
        (s) => s === 200,
        60_000,
      );
      expect(await answers(`${indexer}/ready`)).toBe(200);
      expect(run.stderr()).toContain('api: applied');
      expect(run.stderr()).toContain('indexer: applied');

      // Production settings: no OpenAPI page; metrics and the dashboard for operators only.
      expect(await answers(`${api}/docs`)).toBe(404);
      expect(await answers(`${api}/metrics`)).toBe(401);
      const metrics = await fetch(`${api}/metrics`, operator);
      expect(await metrics.text()).toMatch(/^api_reconcile_lag_blocks\{chain_id="31337"\} \d+$/m);
      expect(await answers(`${api}/admin/queues`)).toBe(401);

      const page = await fetch(`${web}/microlending`);
      expect(page.headers.get('content-security-policy')).toContain(
        `connect-src 'self' ${new URL(stack.urls.api).origin} ${new URL(stack.urls.rpc).origin}`,
      );
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
      const asset = await fetch(`${web}${script}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

      // Every line the apps wrote is one JSON object, each app's start among them.
      const lines = run
        .stdout()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as { app: string; level: string; msg: string });
      expect(new Set(lines.map((line) => line.app))).toEqual(new Set(['api', 'indexer', 'web']));
      const messages = lines.map((line) => line.msg);
      expect(messages).toContain(`api listening on ${api}`);
      expect(messages).toContain('indexer started');
      expect(messages).toContain(`web listening on ${web}`);
      expect(lines.every((line) => typeof line.level === 'string')).toBe(true);

      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      for (const url of [`${api}/health`, `${indexer}/health`, `${web}/login`]) {
        expect(await answers(url)).toBe(0);
      }
    } finally {
      run.child.kill('SIGKILL');
      await run.exited;
      await dropDatabase(databaseUrl);
      await deleteKeys(redisUrl(), `${queuePrefix}:*`);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('refuses to start an app whose environment is incomplete, naming what is missing', async () => {
    const run = start(['api'], { REDIS_URL: redisUrl() });
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toContain('Invalid environment for the API');
    expect(run.stderr()).toContain('DATABASE_URL is required');
    expect(run.stderr()).toContain('api exited (exit 1)');

    // The whole set migrates first, and starts nothing when it cannot.
    const all = start([], {});
    expect(await all.exited).toBe(1);
    expect(all.stderr()).toContain('DATABASE_URL is required');
    expect(all.stderr()).toContain('nothing was started');
  });

  test('refuses to start without a build, and an app it does not know', async () => {
    // A checkout with the script and nothing built.
    const checkout = mkdtempSync(join(tmpdir(), 'lendpath-unbuilt-'));
    mkdirSync(join(checkout, 'scripts'));
    copyFileSync(join(root, 'scripts/start.ts'), join(checkout, 'scripts/start.ts'));
    try {
      const run = start([], {}, join(checkout, 'scripts/start.ts'));
      expect(await run.exited).toBe(1);
      expect(run.stderr()).toContain(
        'the build is missing (api/dist/main.js, indexer/dist/main.js, web/dist/index.html',
      );
      expect(run.stderr()).toContain('run `npm run build` first');
    } finally {
      rmSync(checkout, { recursive: true, force: true });
    }
    const unknown = start(['api', 'worker'], {});
    expect(await unknown.exited).toBe(2);
    expect(unknown.stderr()).toContain('unknown app worker');
  });
});
