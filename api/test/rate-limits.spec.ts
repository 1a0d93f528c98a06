import { randomUUID } from 'node:crypto';

import type { INestApplication } from '@nestjs/common';

import { createApp } from '../src/main';
import { policies } from '../src/rate-limits/rate-limits';
import { testEnv } from './test-env';

async function started(trustProxyHops: number) {
  const app = await createApp(testEnv({ TRUST_PROXY_HOPS: String(trustProxyHops) }));
  await app.listen(0, '127.0.0.1');
  return { app, url: await app.getUrl() };
}

function login(url: string, email: string, forwardedFor?: string) {
  return fetch(`${url}/users/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
    },
    body: JSON.stringify({ email, password: 'wrong-password' }),
  });
}

describe('rate limits', () => {
  const { limit } = policies.login;

  describe('behind a trusted proxy', () => {
    let app: INestApplication;
    let url: string;
    beforeAll(async () => ({ app, url } = await started(1)));
    afterAll(() => app.close());

    it(`allows ${limit} logins per address in the window, then answers 429 with Retry-After`, async () => {
      const email = `${randomUUID()}@example.com`;
      for (let i = 0; i < limit; i++) {
        expect((await login(url, email, `10.1.0.${i}`)).status).toBe(401);
      }
      const refused = await login(url, email, '10.1.1.1');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(250);
      expect(await refused.json()).toEqual({
        success: false,
        message: 'Too many attempts. Please wait a moment and try again.',
        code: 'RATE.LIMITED',
      });
    });

    it(`allows ${limit} logins per client IP, whatever the addresses`, async () => {
      for (let i = 0; i < limit; i++) {
        expect((await login(url, `${randomUUID()}@example.com`, '10.2.0.1')).status).toBe(401);
      }
      expect((await login(url, `${randomUUID()}@example.com`, '10.2.0.1')).status).toBe(429);
      // Another client is not affected.
      expect((await login(url, `${randomUUID()}@example.com`, '10.2.0.2')).status).toBe(401);
    });
  });

  describe('without a trusted proxy', () => {
    let app: INestApplication;
    let url: string;
    beforeAll(async () => ({ app, url } = await started(0)));
    afterAll(() => app.close());

    it('ignores a spoofed X-Forwarded-For: every request counts against the socket address', async () => {
      for (let i = 0; i < limit; i++) {
        await login(url, `${randomUUID()}@example.com`, `203.0.113.${i}`);
      }
      expect((await login(url, `${randomUUID()}@example.com`, '198.51.100.7')).status).toBe(429);
    });
  });
});
