import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { INestApplication } from '@nestjs/common';

import { createApp } from '../src/main';
import { testEnv } from './test-env';

interface Operation {
  requestBody?: { content: { 'application/json': { schema: { required?: string[] } } } };
  security?: unknown[];
}
type Document = { paths: Record<string, Record<string, Operation>> };

const committed = join(__dirname, '..', 'openapi.json');

describe('OpenAPI at /docs', () => {
  let app: INestApplication;
  let document: Document;

  beforeAll(async () => {
    app = await createApp(testEnv());
    await app.listen(0, '127.0.0.1');
    document = (await (await fetch(`${await app.getUrl()}/docs-json`)).json()) as Document;
  });
  afterAll(() => app.close());

  it('documents every endpoint the API serves', () => {
    const express = app.getHttpAdapter().getInstance() as {
      router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
    };
    const served = express.router.stack.flatMap(({ route }) =>
      route === undefined || route.path.startsWith('/docs')
        ? []
        : Object.keys(route.methods).map((method) => [route.path, method] as const),
    );
    expect(served.length).toBeGreaterThan(10);
    // Express writes parameters as :id, OpenAPI as {id}.
    const missing = served.filter(
      ([path, method]) => document.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method] === undefined,
    );
    expect(missing).toEqual([]);
  });

  it('documents bodies from the schemas that validate them', () => {
    const body = (path: string) =>
      document.paths[path]?.post?.requestBody?.content['application/json'].schema;
    expect(body('/users/login')?.required).toEqual(['email', 'password']);
    expect(body('/users/verify-account')?.required).toEqual(
      expect.arrayContaining(['fullname', 'email', 'phone', 'password', 'otp']),
    );
    expect(body('/users/reset-password')?.required).toEqual(['email', 'otpCode', 'newPassword']);
    expect(body('/wallets')?.required).toEqual(['message', 'signature']);
  });

  it('marks the signed-in calls as needing a bearer token', () => {
    expect(document.paths['/users/me']?.get?.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/users/login']?.post?.security).toBeUndefined();
  });

  it('matches the committed api/openapi.json (UPDATE_OPENAPI=1 renews it)', async () => {
    const current = `${JSON.stringify(document, null, 2)}\n`;
    if (process.env.UPDATE_OPENAPI === '1') {
      await writeFile(committed, current);
    }
    expect(await readFile(committed, 'utf8')).toBe(current);
  });
});
