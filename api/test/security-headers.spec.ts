import type { INestApplication } from '@nestjs/common';

import { createApp } from '../src/main';
import { STOP_PAGE_CSP } from '../src/notices/stop-page';
import { signedInMember, type TestMember } from './members';
import { testEnv } from './test-env';

async function started(overrides: NodeJS.ProcessEnv = {}): Promise<[INestApplication, string]> {
  const app = await createApp(testEnv(overrides));
  await app.listen(0, '127.0.0.1');
  return [app, await app.getUrl()];
}

/** The headers every answer carries, whatever it is. */
function expectHardened(response: Response): void {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-powered-by')).toBeNull();
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
}

describe('security headers', () => {
  let app: INestApplication;
  let url: string;
  let member: TestMember;
  beforeAll(async () => {
    [app, url] = await started();
    member = await signedInMember(app, url, 'Headers Member');
  });
  afterAll(() => app.close());

  it.each([
    ['a public answer', 'GET', '/health', undefined],
    ['a personal answer', 'GET', '/users/me', 'member'],
    ['an error', 'GET', '/no-such-route', undefined],
    ['a refused token', 'GET', '/users/me', 'forged'],
    ['a refused login', 'POST', '/users/login', undefined],
  ] as const)('%s carries them, and no-store', async (_, method, path, who) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(who === 'member' ? { authorization: `Bearer ${member.token}` } : {}),
        ...(who === 'forged' ? { authorization: 'Bearer eyJhbGciOiJub25lIn0.e30.' } : {}),
      },
      body:
        method === 'POST' ? JSON.stringify({ email: 'x@example.com', password: 'x' }) : undefined,
    });
    expectHardened(response);
    expect(response.headers.get('cache-control')).toBe('no-store');
    // JSON runs nothing and loads nothing.
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('lets the web client, on another origin, load the API’s files', async () => {
    const response = await fetch(`${url}/health`);
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('lets the web client, on another origin, read Retry-After to count down', async () => {
    const [origin] = testEnv().CORS_ORIGINS;
    const response = await fetch(`${url}/health`, { headers: { origin: origin! } });
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    // And the request id, to quote in a report.
    expect(response.headers.get('access-control-expose-headers')).toBe('Retry-After,X-Request-Id');
  });

  it('gives the stop page, a page a mail opens, a page’s headers and its own policy', async () => {
    const response = await fetch(`${url}/notices/stop?token=not-a-token`);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expectHardened(response);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('content-security-policy')).toBe(STOP_PAGE_CSP);
  });

  it('serves /docs with its own scripts only, never in a frame', async () => {
    const response = await fetch(`${url}/docs`);
    expect(response.status).toBe(200);
    expectHardened(response);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Every script the page names is one of its own files, which the policy allows.
    const html = await response.text();
    expect(html).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(html).toMatch(/<script src="[^"]*swagger-ui-init\.js">/);
  });
});

describe('/docs in production', () => {
  it('is not served unless API_DOCS says so', async () => {
    const [app, url] = await started({ NODE_ENV: 'production' });
    try {
      for (const path of ['/docs', '/docs-json', '/docs-yaml']) {
        expect((await fetch(`${url}${path}`)).status).toBe(404);
      }
    } finally {
      await app.close();
    }
  });

  it('is served with API_DOCS=true', async () => {
    const [app, url] = await started({ NODE_ENV: 'production', API_DOCS: 'true' });
    try {
      expect((await fetch(`${url}/docs-json`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('is off in development with API_DOCS=false', async () => {
    const [app, url] = await started({ API_DOCS: 'false' });
    try {
      expect((await fetch(`${url}/docs`)).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
