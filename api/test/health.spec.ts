import type { INestApplication } from '@nestjs/common';

import { createApp } from '../src/main';
import { testEnv } from './test-env';

/** What an operator sends to be told why the API is not ready (OPS_TOKEN, set in global setup). */
const operator = { authorization: `Bearer ${process.env.OPS_TOKEN}` };

async function started(): Promise<[INestApplication, string]> {
  const app = await createApp(testEnv());
  await app.listen(0, '127.0.0.1');
  return [app, await app.getUrl()];
}

describe('health endpoints', () => {
  describe('when Postgres and Redis are up', () => {
    let app: INestApplication;
    let url: string;
    beforeAll(async () => {
      [app, url] = await started();
    });
    afterAll(() => app.close());

    it('GET /health answers ok in the envelope', async () => {
      const response = await fetch(`${url}/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        success: true,
        message: 'ok',
        data: { status: 'ok' },
      });
    });

    it('answers JSON with its length (the envelope is written by the adapter), and HEAD without a body', async () => {
      const get = await fetch(`${url}/health`);
      const text = await get.text();
      expect(get.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(get.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
      expect(get.headers.get('cache-control')).toBe('no-store');

      const head = await fetch(`${url}/health`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
      expect(await head.text()).toBe('');
    });

    it('GET /ready tells anyone only that it is ready', async () => {
      const response = await fetch(`${url}/ready`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        success: true,
        message: 'ready',
        data: { ready: true },
      });
    });

    it('GET /ready reports each dependency and loan status to an operator', async () => {
      const response = await fetch(`${url}/ready`, { headers: operator });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        success: true,
        message: 'ready',
        // No indexer has run against this database: it has claimed nothing that could be stale.
        data: { ready: true, postgres: 'up', redis: 'up', indexer: 'verified' },
      });
    });

    it.each([
      ['another token', { authorization: 'Bearer not-the-ops-token-but-just-as-long-0123' }],
      ['a member-shaped bearer', { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x' }],
      ['the token without the scheme', { authorization: process.env.OPS_TOKEN as string }],
    ])('GET /ready with %s is an anonymous call', async (_, headers) => {
      const response = await fetch(`${url}/ready`, { headers });
      expect(await response.json()).toEqual({
        success: true,
        message: 'ready',
        data: { ready: true },
      });
    });

    it('answers an unknown route with the error envelope and a stable code', async () => {
      const response = await fetch(`${url}/no-such-route`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        success: false,
        message: 'Cannot GET /no-such-route',
        code: 'ROUTE.NOT_FOUND',
      });
    });
  });
});
