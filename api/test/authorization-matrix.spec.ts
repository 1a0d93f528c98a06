import { randomInt, randomUUID } from 'node:crypto';

import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { Sessions } from '../src/auth/sessions/sessions';
import { createApp } from '../src/main';
import { User } from '../src/users/user.entity';
import { testEnv } from './test-env';

/**
 * Who may call what: every endpoint × every kind of caller → the status it must answer. Later
 * modules add their rows; resources in a row belong to `member`, so `otherMember` is the caller
 * who must be refused where only the owner may act.
 */
type Caller = 'anonymous' | 'member' | 'otherMember';

interface Ids {
  /** The owner of the row's resources. */
  owner: string;
  /** The caller (the owner when anonymous). */
  self: string;
  /** A member other than the caller. */
  other: string;
}

interface Row {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: (ids: Ids) => unknown;
  expect: Record<Caller, number>;
}

const everyone = (status: number): Record<Caller, number> => ({
  anonymous: status,
  member: status,
  otherMember: status,
});

const wallet = `0x${'1'.repeat(40)}`;
const hash = `0x${'2'.repeat(64)}`;
/** An id no row has. */
const nobody = '00000000-0000-4000-8000-000000000000';

const matrix: Row[] = [
  { method: 'GET', path: '/', expect: everyone(200) },
  { method: 'GET', path: '/health', expect: everyone(200) },
  { method: 'GET', path: '/ready', expect: everyone(200) },
  // Operators' only (Bearer OPS_TOKEN, which no member holds): test/metrics.spec.ts.
  { method: 'GET', path: '/metrics', expect: everyone(401) },
  { method: 'GET', path: '/docs', expect: everyone(200) },
  { method: 'GET', path: '/docs-json', expect: everyone(200) },
  { method: 'GET', path: '/docs-yaml', expect: everyone(200) },
  // The chain and contracts the browser's wallet talks to: public.
  { method: 'GET', path: '/chain', expect: everyone(200) },
  { method: 'GET', path: '/users/me', expect: { anonymous: 401, member: 200, otherMember: 200 } },
  {
    method: 'POST',
    path: '/users/edit-profile',
    body: () => ({ fullname: 'Ada', phone: '555 0100' }),
    expect: { anonymous: 401, member: 200, otherMember: 200 },
  },
  {
    method: 'POST',
    path: '/users/block-user',
    body: ({ other }) => ({ userIdToBlock: other }),
    expect: { anonymous: 401, member: 200, otherMember: 200 },
  },
  // Public account calls answer the same whoever calls (a bad body here: 400 for all).
  { method: 'POST', path: '/users/request-account', body: () => ({}), expect: everyone(400) },
  { method: 'POST', path: '/user/resend-otp', body: () => ({}), expect: everyone(400) },
  { method: 'POST', path: '/users/verify-account', body: () => ({}), expect: everyone(400) },
  { method: 'POST', path: '/users/login', body: () => ({}), expect: everyone(400) },
  { method: 'POST', path: '/users/refresh', body: () => ({ refresh: 'x' }), expect: everyone(401) },
  { method: 'POST', path: '/users/logout', body: () => ({ refresh: 'x' }), expect: everyone(200) },
  { method: 'POST', path: '/users/forgot-password', body: () => ({}), expect: everyone(400) },
  {
    method: 'POST',
    path: '/users/verify-forgetpassword-otp',
    body: () => ({}),
    expect: everyone(400),
  },
  { method: 'POST', path: '/users/reset-password', body: () => ({}), expect: everyone(400) },
  {
    method: 'GET',
    path: '/api/confirmu',
    expect: { anonymous: 401, member: 200, otherMember: 200 },
  },
  {
    method: 'GET',
    path: '/market-stats',
    expect: { anonymous: 401, member: 200, otherMember: 200 },
  },
  // A loan notice's stop link works without sign-in: its token is the credential (none here).
  { method: 'GET', path: '/notices/stop', expect: everyone(400) },
  { method: 'POST', path: '/notices/stop', expect: everyone(400) },
  // Files are public (<img> sends no token; an upload's random name is what grants access): a
  // name nobody has is 404 for everyone.
  { method: 'GET', path: '/uploads/:folder/:name', expect: everyone(404) },
  { method: 'GET', path: '/content/academy/:folder/:name', expect: everyone(404) },
  // Academy and community: members only. `:userId` is the owner's id, so `otherMember` is refused
  // (403); every other id names nothing (404), or a list that is empty for the owner (200).
  ...(
    [
      ['GET', '/academy/categories', undefined, 200, 200],
      ['GET', '/academy/courses', undefined, 200, 200],
      ['GET', '/academy/feed', undefined, 200, 200],
      ['GET', '/academy/courses/:id', undefined, 404, 404],
      [
        'POST',
        '/academy/enroll',
        ({ owner }: Ids) => ({ userId: owner, courseId: nobody }),
        404,
        403,
      ],
      ['GET', '/academy/enrolled/:userId', undefined, 200, 403],
      ['GET', '/academy/enrolled/details/:userId/:courseId', undefined, 200, 403],
      ['GET', '/academy/progress/:userId/:courseId', undefined, 404, 403],
      [
        'POST',
        '/academy/progress/module',
        () => ({ enrollmentId: nobody, moduleId: nobody }),
        404,
        404,
      ],
      [
        'POST',
        '/academy/progress/quiz',
        () => ({ enrollmentId: nobody, moduleId: nobody, score: 50 }),
        404,
        404,
      ],
      [
        'POST',
        '/academy/save',
        ({ owner }: Ids) => ({ userId: owner, courseId: nobody }),
        404,
        403,
      ],
      [
        'DELETE',
        '/academy/save',
        ({ owner }: Ids) => ({ userId: owner, courseId: nobody }),
        200,
        403,
      ],
      ['GET', '/academy/saved/:userId', undefined, 200, 403],
      ['POST', '/academy/star', () => ({ enrollmentId: nobody }), 404, 404],
      ['GET', '/community/get-categories', undefined, 200, 200],
      ['GET', '/community/feed', undefined, 200, 200],
      ['GET', '/community/feed/:categoryId', undefined, 404, 404],
      ['POST', '/community/create-post', () => ({}), 400, 400],
      ['POST', '/community/report-post', () => ({ postId: nobody }), 404, 404],
    ] as const
  ).map(([method, path, body, member, otherMember]): Row => ({
    method,
    path,
    body,
    expect: { anonymous: 401, member, otherMember },
  })),
  // Micro-lending: members only. A loan that does not exist is 404 for every member (who may act
  // on an existing one is tested in test/lending/lending.spec.ts against a real chain).
  ...(
    [
      ['GET', '/microlending/requests', undefined, 200],
      ['GET', '/microlending/borrowing-status', undefined, 200],
      ['GET', '/microlending/requests/:id', undefined, 404],
      ['POST', '/microlending/request', {}, 400],
      [
        'POST',
        '/microlending/requests/:id/approve',
        { interestRate: 5, lenderWalletAddress: wallet },
        404,
      ],
      [
        'POST',
        '/microlending/requests/:id/fund',
        { transactionHash: hash, interestRate: 5, lenderWalletAddress: wallet },
        404,
      ],
      ['POST', '/microlending/requests/:id/repay', { transactionHash: hash }, 404],
      ['POST', '/microlending/requests/:id/withdraw', { transactionHash: hash }, 404],
      ['POST', '/microlending/requests/:id/complete', { transactionHash: hash }, 404],
      ['POST', '/microlending/requests/:id/cancel', undefined, 404],
      // The live stream answers at once (and stays open until the API closes).
      ['GET', '/microlending/stream', undefined, 200],
    ] as const
  ).map(([method, path, body, status]): Row => ({
    method,
    path,
    body: body === undefined ? undefined : () => body,
    expect: { anonymous: 401, member: status, otherMember: status },
  })),
  // Wallets: members only, each acting on their own (`:address` is a wallet nobody has linked).
  ...(
    [
      ['POST', '/wallets/nonce', undefined, 201],
      ['POST', '/wallets', {}, 400],
      ['GET', '/wallets', undefined, 200],
      ['DELETE', '/wallets/:address', undefined, 404],
    ] as const
  ).map(([method, path, body, status]): Row => ({
    method,
    path,
    body: body === undefined ? undefined : () => body,
    expect: { anonymous: 401, member: status, otherMember: status },
  })),
];

describe('authorization matrix', () => {
  let app: INestApplication;
  let url: string;
  const tokens: Partial<Record<Caller, string>> = {};
  const members = { member: '', otherMember: '' };

  beforeAll(async () => {
    app = await createApp(testEnv({ TRUST_PROXY_HOPS: '1' }));
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
    const sessions = app.get(Sessions);
    for (const caller of ['member', 'otherMember'] as const) {
      const user = await app
        .get(DataSource)
        .getRepository(User)
        .save({
          email: `${randomUUID()}@example.com`,
          phone: '555 0100',
          fullname: caller,
          passwordHash: 'x',
          emailVerifiedAt: new Date(),
        });
      members[caller] = user.id;
      tokens[caller] = (await sessions.start(user.id)).token;
    }
  });
  afterAll(() => app.close());

  it('covers every route the API serves', () => {
    interface Layer {
      route?: { path: string; methods: Record<string, boolean> };
    }
    const express = app.getHttpAdapter().getInstance() as { router: { stack: Layer[] } };
    const served = express.router.stack
      // The documentation page's own files (scripts, styles) are not endpoints.
      .filter((layer) => layer.route !== undefined && !layer.route.path.startsWith('/docs/'))
      .flatMap(({ route }) =>
        Object.keys(route!.methods).map((method) => `${method.toUpperCase()} ${route!.path}`),
      );
    const listed = matrix.map((row) => `${row.method} ${row.path}`);
    expect(served).toContain('GET /users/me');
    expect(served.filter((route) => !listed.includes(route))).toEqual([]);
  });

  const cases = matrix.flatMap((row) =>
    (['anonymous', 'member', 'otherMember'] as const).map((caller) => [row, caller] as const),
  );

  it.each(
    cases.map(([row, caller]) => [`${row.method} ${row.path}`, caller, row.expect[caller], row]),
  )('%s as %s → %d', async (_, caller, status, row) => {
    const self = caller === 'otherMember' ? members.otherMember : members.member;
    const other = caller === 'otherMember' ? members.member : members.otherMember;
    const subject: Ids = { owner: members.member, self, other };
    // Route parameters name a resource nobody has.
    const path = row.path
      .replace(':userId', subject.owner)
      .replace(/:(id|courseId|categoryId)\b/g, () => randomUUID())
      .replace(':folder/:name', `posts/${randomUUID().replaceAll('-', '')}.png`)
      .replace(':address', wallet);
    const response = await fetch(`${url}${path}`, {
      method: row.method,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${caller === 'anonymous' ? '' : (tokens[caller] ?? '')}`,
        'x-forwarded-for': `10.9.${randomInt(256)}.${randomInt(256)}`,
      },
      body: row.body === undefined ? null : JSON.stringify(row.body(subject)),
    });
    expect(response.status).toBe(status);
    // The live stream would stay open until the API closes.
    await response.body?.cancel();
  });
});
