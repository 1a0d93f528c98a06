import type { INestApplication } from '@nestjs/common';

import { createApp } from '../src/main';
import { testEnv } from './test-env';

/** CORS as the web client, on another origin, meets it (src/cross-origin.ts). */
describe('cross-origin requests', () => {
  const [client] = testEnv().CORS_ORIGINS;
  const stranger = 'https://elsewhere.example';
  let app: INestApplication;
  let url: string;
  beforeAll(async () => {
    app = await createApp(testEnv());
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
  });
  afterAll(() => app.close());

  const preflight = (origin: string, headers?: string) =>
    fetch(`${url}/users/me`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'PATCH',
        ...(headers === undefined ? {} : { 'access-control-request-headers': headers }),
      },
    });

  it('allows the client’s preflight: its method, and the headers it asks for', async () => {
    const response = await preflight(client!, 'authorization,content-type');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(client);
    expect(response.headers.get('access-control-allow-methods')).toBe(
      'GET,HEAD,PUT,PATCH,POST,DELETE',
    );
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('vary')).toBe('Origin, Access-Control-Request-Headers');
    expect(await response.text()).toBe('');
  });

  it('answers another origin’s preflight without allowing it', async () => {
    const response = await preflight(stranger, 'authorization');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets the client read an answer, and what it exposes', async () => {
    const response = await fetch(`${url}/health`, { headers: { origin: client! } });
    expect(response.headers.get('access-control-allow-origin')).toBe(client);
    expect(response.headers.get('access-control-expose-headers')).toBe('Retry-After,X-Request-Id');
    expect(response.headers.get('vary')).toBe('Origin');
  });

  it.each([
    ['another origin', stranger],
    ['no origin', undefined],
  ])('names no origin to %s, and still varies by Origin', async (_, origin) => {
    const response = await fetch(`${url}/health`, {
      headers: origin === undefined ? {} : { origin },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-expose-headers')).toBeNull();
    expect(response.headers.get('vary')).toBe('Origin');
  });
});
