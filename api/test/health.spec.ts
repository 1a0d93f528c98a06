import type { INestApplication } from '@nestjs/common';

import { createApp } from '../src/main';
import { testEnv } from './test-env';

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

    it('GET /ready reports both dependencies up', async () => {
      const response = await fetch(`${url}/ready`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        success: true,
        message: 'ready',
        data: { postgres: 'up', redis: 'up' },
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
