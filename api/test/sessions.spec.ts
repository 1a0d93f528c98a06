import { randomInt, randomUUID } from 'node:crypto';

import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import { SignJWT, UnsecuredJWT } from 'jose';
import { DataSource } from 'typeorm';

import { until } from '@lendpath/test-kit/until';

import { PasswordHasher } from '../src/auth/passwords/password-hasher';
import { RevokedFamilies } from '../src/auth/sessions/revoked-families';
import { Sessions } from '../src/auth/sessions/sessions';
import { dataSourceOptions, migrate } from '../src/database/data-source';
import { createApp } from '../src/main';
import { testEnv } from './test-env';

describe(Sessions.name, () => {
  const env = testEnv();
  let dataSource: DataSource;
  let redis: Redis;
  let sessions: Sessions;
  /** Another API replica: its own Redis connection, the same Postgres and Redis. */
  let replica: Sessions;
  let replicaRedis: Redis;

  const listeners: RevokedFamilies[] = [];
  const sessionsOver = (connection: Redis) => {
    const revoked = new RevokedFamilies(dataSource, env, connection);
    listeners.push(revoked);
    return new Sessions(dataSource, env, revoked);
  };

  beforeAll(async () => {
    await migrate(env.DATABASE_URL);
    dataSource = await new DataSource(dataSourceOptions(env.DATABASE_URL)).initialize();
    redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1 });
    replicaRedis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1 });
    sessions = sessionsOver(redis);
    replica = sessionsOver(replicaRedis);
  });
  afterAll(async () => {
    for (const revoked of listeners) {
      revoked.onModuleDestroy();
    }
    await redis.quit();
    await replicaRedis.quit();
    await dataSource.destroy();
  });

  async function member(): Promise<string> {
    const [row] = await dataSource.query<{ id: string }[]>(
      `INSERT INTO app.users (email, phone, fullname, password_hash, email_verified_at)
       VALUES ($1, '+1 555 0100', 'Ada Lovelace', 'x', now()) RETURNING id`,
      [`${randomUUID()}@example.com`],
    );
    return row!.id;
  }

  const key = new TextEncoder().encode(env.JWT_SECRET);
  const forged = () =>
    new SignJWT({})
      .setSubject(randomUUID())
      .setIssuer('lendpath')
      .setAudience('lendpath-api')
      .setIssuedAt();

  it('issues an access token that verifies to the member', async () => {
    const id = await member();
    const { token, refresh } = await sessions.start(id);
    expect(await sessions.verify(token)).toBe(id);
    expect(Buffer.from(refresh, 'base64url')).toHaveLength(32);
  });

  it('stores refresh tokens only as hashes', async () => {
    const id = await member();
    const { refresh } = await sessions.start(id);
    const rows = await dataSource.query<{ token_hash: Buffer }[]>(
      'SELECT token_hash FROM app.refresh_sessions WHERE user_id = $1',
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash.toString('base64url')).not.toBe(refresh);
  });

  describe('access tokens', () => {
    it('carry the sign-in they belong to', async () => {
      const id = await member();
      const { token } = await sessions.start(id);
      const [familyId] = await dataSource.query<{ family_id: string }[]>(
        'SELECT family_id FROM app.refresh_sessions WHERE user_id = $1',
        [id],
      );
      const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
        fid?: string;
      };
      expect(payload.fid).toBe(familyId!.family_id);
    });

    it.each([
      [
        'expired',
        () =>
          forged()
            .setExpirationTime(Math.floor(Date.now() / 1000) - 5)
            .setProtectedHeader({ alg: 'HS256' })
            .sign(key),
      ],
      [
        'for another audience',
        () =>
          forged()
            .setAudience('someone-else')
            .setExpirationTime('5m')
            .setProtectedHeader({ alg: 'HS256' })
            .sign(key),
      ],
      [
        'signed with another algorithm',
        () => forged().setExpirationTime('5m').setProtectedHeader({ alg: 'HS512' }).sign(key),
      ],
      [
        'signed with another key',
        () =>
          forged()
            .setExpirationTime('5m')
            .setProtectedHeader({ alg: 'HS256' })
            .sign(new TextEncoder().encode('x'.repeat(40))),
      ],
      [
        'unsigned (alg none)',
        () =>
          Promise.resolve(
            new UnsecuredJWT({})
              .setSubject('x')
              .setIssuer('lendpath')
              .setAudience('lendpath-api')
              .setIssuedAt()
              .setExpirationTime('5m')
              .encode(),
          ),
      ],
      ['not a token at all', () => Promise.resolve('hello')],
      [
        'without a sign-in (issued before access tokens named theirs)',
        () => forged().setExpirationTime('5m').setProtectedHeader({ alg: 'HS256' }).sign(key),
      ],
    ])('refuses one %s', async (_, make) => {
      await expect(sessions.verify(await make())).rejects.toMatchObject({
        code: 'AUTH.UNAUTHENTICATED',
        status: 401,
      });
    });
  });

  describe('refresh', () => {
    it('rotates: the new token works, the old one does not', async () => {
      const { refresh } = await sessions.start(await member());
      const next = await sessions.refresh(refresh);
      expect(next.refresh).not.toBe(refresh);
      await expect(sessions.refresh(next.refresh)).resolves.toBeDefined();
    });

    it('revokes the whole family when a rotated token comes back', async () => {
      const { refresh: stolen } = await sessions.start(await member());
      const { refresh: current } = await sessions.refresh(stolen);
      await expect(sessions.refresh(stolen)).rejects.toMatchObject({
        code: 'AUTH.SESSION_EXPIRED',
      });
      await expect(sessions.refresh(current)).rejects.toMatchObject({
        code: 'AUTH.SESSION_EXPIRED',
      });
    });

    it('leaves the member’s other sign-ins alone on reuse', async () => {
      const id = await member();
      const phone = await sessions.start(id);
      const laptop = await sessions.start(id);
      await sessions.refresh(phone.refresh);
      await expect(sessions.refresh(phone.refresh)).rejects.toBeDefined();
      await expect(sessions.refresh(laptop.refresh)).resolves.toBeDefined();
    });

    it('refuses an unknown or expired token', async () => {
      await expect(sessions.refresh('not-a-token')).rejects.toMatchObject({ status: 401 });
      const id = await member();
      const { refresh } = await sessions.start(id);
      await dataSource.query(
        "UPDATE app.refresh_sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1",
        [id],
      );
      await expect(sessions.refresh(refresh)).rejects.toMatchObject({ status: 401 });
    });

    it('lets one of two parallel refreshes of the same token through, and treats the other as reuse', async () => {
      const { refresh } = await sessions.start(await member());
      const outcomes = await Promise.allSettled([
        sessions.refresh(refresh),
        sessions.refresh(refresh),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    });
  });

  it('end() signs out that family only', async () => {
    const id = await member();
    const a = await sessions.start(id);
    const b = await sessions.start(id);
    await sessions.end(a.refresh);
    await expect(sessions.refresh(a.refresh)).rejects.toBeDefined();
    await expect(sessions.refresh(b.refresh)).resolves.toBeDefined();
    // Another replica refuses the ended sign-in's access token too, and only that one.
    await expect(replica.verify(a.token)).rejects.toMatchObject({ status: 401 });
    await expect(replica.verify(b.token)).resolves.toBe(id);
  });

  it('endAll() signs out every sign-in of the member', async () => {
    const id = await member();
    const a = await sessions.start(id);
    const b = await sessions.start(id);
    await sessions.endAll(id);
    await expect(sessions.refresh(a.refresh)).rejects.toBeDefined();
    await expect(sessions.refresh(b.refresh)).rejects.toBeDefined();
  });
});

describe('ending a sign-in stops its access tokens at once', () => {
  const env = testEnv();
  let dataSource: DataSource;
  let redis: Redis;
  let sessions: Sessions;
  let unreachable: Redis;
  const listeners: RevokedFamilies[] = [];
  const revokedFamilies = (redisConnection: Redis, options = env) => {
    const revoked = new RevokedFamilies(dataSource, options, redisConnection);
    listeners.push(revoked);
    return revoked;
  };
  /** Another replica's own Redis connection, closed after the tests. */
  const connections: Redis[] = [];
  const connection = () => {
    const opened = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1 });
    connections.push(opened);
    return opened;
  };

  beforeAll(async () => {
    dataSource = await new DataSource(dataSourceOptions(env.DATABASE_URL)).initialize();
    redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1 });
    sessions = new Sessions(dataSource, env, revokedFamilies(redis));
    // Nothing listens on port 1: this connection never becomes ready.
    unreachable = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
  });
  afterAll(async () => {
    for (const revoked of listeners) {
      revoked.onModuleDestroy();
    }
    unreachable.disconnect();
    await Promise.all(connections.map((opened) => opened.quit()));
    await redis.quit();
    await dataSource.destroy();
  });

  const familyOf = (token: string) =>
    (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { fid: string }).fid;
  /** Its first check subscribes it; then it answers from memory once it has read Postgres. */
  const listening = async (revoked: RevokedFamilies) => {
    await revoked.isRevoked(randomUUID());
    return until('the replica listening', () => Promise.resolve(revoked.isListening()), Boolean);
  };
  /** The checks that asked Postgres, counted from now on. */
  const postgresChecks = () => {
    const query = jest.spyOn(dataSource, 'query');
    return {
      count: () => query.mock.calls.filter(([sql]) => sql.includes('SELECT EXISTS')).length,
      restore: () => query.mockRestore(),
    };
  };

  async function member(): Promise<string> {
    const [row] = await dataSource.query<{ id: string }[]>(
      `INSERT INTO app.users (email, phone, fullname, password_hash, email_verified_at)
       VALUES ($1, '+1 555 0100', 'Ada Lovelace', 'x', now()) RETURNING id`,
      [`${randomUUID()}@example.com`],
    );
    return row!.id;
  }
  const refused = { code: 'AUTH.UNAUTHENTICATED', status: 401 };

  it('after logout, even for a token issued in the same second, while a new sign-in works', async () => {
    const id = await member();
    // Every token below carries the same `iat`: a time comparison could not tell them apart.
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_767_225_600_000);
    try {
      const first = await sessions.start(id);
      const renewed = await sessions.refresh(first.refresh);
      await sessions.end(renewed.refresh);
      const next = await sessions.start(id);
      now.mockRestore();
      await expect(sessions.verify(first.token)).rejects.toMatchObject(refused);
      await expect(sessions.verify(renewed.token)).rejects.toMatchObject(refused);
      await expect(sessions.verify(next.token)).resolves.toBe(id);
    } finally {
      now.mockRestore();
    }
  });

  it('after a replayed refresh token revokes its family', async () => {
    const id = await member();
    const { token, refresh: stolen } = await sessions.start(id);
    const current = await sessions.refresh(stolen);
    await expect(sessions.refresh(stolen)).rejects.toMatchObject({ code: 'AUTH.SESSION_EXPIRED' });
    await expect(sessions.verify(token)).rejects.toMatchObject(refused);
    await expect(sessions.verify(current.token)).rejects.toMatchObject(refused);
  });

  it('for every sign-in of a member when all end (password reset), not for the next one', async () => {
    const id = await member();
    const phone = await sessions.start(id);
    const laptop = await sessions.start(id);
    await sessions.endAll(id);
    await expect(sessions.verify(phone.token)).rejects.toMatchObject(refused);
    await expect(sessions.verify(laptop.token)).rejects.toMatchObject(refused);
    const again = await sessions.start(id);
    await expect(sessions.verify(again.token)).resolves.toBe(id);
  });

  it('leaves the member’s other sign-ins working', async () => {
    const id = await member();
    const phone = await sessions.start(id);
    const laptop = await sessions.start(id);
    await sessions.end(phone.refresh);
    await expect(sessions.verify(laptop.token)).resolves.toBe(id);
  });

  it('and a refresh racing the logout cannot keep the sign-in alive', async () => {
    const id = await member();
    const { refresh } = await sessions.start(id);
    const [renewed] = await Promise.allSettled([sessions.refresh(refresh), sessions.end(refresh)]);
    if (renewed.status === 'fulfilled') {
      await expect(sessions.refresh(renewed.value.refresh)).rejects.toMatchObject({
        code: 'AUTH.SESSION_EXPIRED',
      });
      await expect(sessions.verify(renewed.value.token)).rejects.toMatchObject(refused);
    }
  });

  it('on another replica from memory, told by Redis as soon as it is committed', async () => {
    const replica = revokedFamilies(connection());
    await listening(replica);
    const id = await member();
    const ended = await sessions.start(id);
    const live = await sessions.start(id);
    const asked = postgresChecks();
    try {
      await sessions.end(ended.refresh);
      // Redis delivers the message to the other subscribers as it answers the publish: on a
      // loaded machine this process may read the answer a little before the message.
      await until(
        'the replica told',
        () => replica.isRevoked(familyOf(ended.token)),
        Boolean,
        2_000,
      );
      expect(await replica.isRevoked(familyOf(live.token))).toBe(false);
      expect(asked.count()).toBe(0);
    } finally {
      asked.restore();
    }
  });

  it('on a replica that missed the message, once its subscription is back', async () => {
    // Another channel: it hears nothing this test's sessions announce, as if the message was lost.
    const deaf = revokedFamilies(connection(), {
      ...env,
      QUEUE_PREFIX: `${env.QUEUE_PREFIX}-deaf-${randomUUID()}`,
    });
    await listening(deaf);
    const id = await member();
    const { token, refresh } = await sessions.start(id);
    await sessions.end(refresh);
    expect(await deaf.isRevoked(familyOf(token))).toBe(false);

    // Its subscription dropped (Redis restarted, say): Postgres answers until it has caught up.
    const clients = (await redis.client('LIST')) as string;
    const listener = /id=(\d+) [^\n]* name=(\S+)/g;
    const ids = [...clients.matchAll(listener)]
      .filter(([, , name]) => name?.startsWith(`${env.QUEUE_PREFIX}-deaf-`))
      .map(([, clientId]) => clientId);
    expect(ids).toHaveLength(1);
    await redis.client('KILL', 'ID', ids[0]!);
    await until(
      'the subscription dropped',
      () => Promise.resolve(deaf.isListening()),
      (on) => !on,
    );
    expect(await deaf.isRevoked(familyOf(token))).toBe(true);
    await until('the subscription back', () => Promise.resolve(deaf.isListening()), Boolean);
    const asked = postgresChecks();
    try {
      expect(await deaf.isRevoked(familyOf(token))).toBe(true);
      expect(asked.count()).toBe(0);
    } finally {
      asked.restore();
    }
  });

  it('even while Redis is unreachable: Postgres answers', async () => {
    const offline = new Sessions(dataSource, env, revokedFamilies(unreachable));
    const id = await member();
    const live = await offline.start(id);
    const ended = await offline.start(id);
    await offline.end(ended.refresh);
    await expect(offline.verify(ended.token)).rejects.toMatchObject(refused);
    await expect(offline.verify(live.token)).resolves.toBe(id);
  });
});

describe('GET /users/me after the sign-in ended, on every API replica', () => {
  let apps: INestApplication[];
  let urls: string[];
  let dataSource: DataSource;

  beforeAll(async () => {
    // Two replicas over the same Postgres and Redis, as behind a load balancer.
    apps = [];
    urls = [];
    for (let i = 0; i < 2; i++) {
      const app = await createApp(testEnv({ TRUST_PROXY_HOPS: '1' }));
      await app.listen(0, '127.0.0.1');
      apps.push(app);
      urls.push(await app.getUrl());
    }
    dataSource = apps[0]!.get(DataSource);
  });
  afterAll(async () => {
    for (const app of apps) {
      await app.close();
    }
  });

  const call = async (url: string, path: string, body?: unknown, token = '') => {
    const response = await fetch(`${url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as { data: { token: string; refresh: string } },
    };
  };

  async function signedUp(): Promise<{ email: string; password: string }> {
    const email = `${randomUUID()}@example.com`;
    const password = 'tide-lantern-97';
    await dataSource.query(
      `INSERT INTO app.users (email, phone, fullname, password_hash, email_verified_at)
       VALUES ($1, '+1 555 0100', 'Ada Lovelace', $2, now())`,
      [email, await new PasswordHasher().hash(password)],
    );
    return { email, password };
  }

  it('answers 401 on both replicas right after logout; logging in again works at once', async () => {
    const [a, b] = urls as [string, string];
    const member = await signedUp();
    const login = await call(a, '/users/login', member);
    const { token, refresh } = login.body.data;
    expect((await call(b, '/users/me', undefined, token)).status).toBe(200);

    expect((await call(a, '/users/logout', { refresh })).status).toBe(200);
    expect((await call(a, '/users/me', undefined, token)).status).toBe(401);
    expect((await call(b, '/users/me', undefined, token)).status).toBe(401);

    const again = await call(b, '/users/login', member);
    expect((await call(a, '/users/me', undefined, again.body.data.token)).status).toBe(200);
  });

  it('answers 401 for the access tokens of a family revoked by a replayed refresh token', async () => {
    const [a, b] = urls as [string, string];
    const member = await signedUp();
    const login = await call(a, '/users/login', member);
    const renewed = await call(a, '/users/refresh', { refresh: login.body.data.refresh });
    expect((await call(b, '/users/refresh', { refresh: login.body.data.refresh })).status).toBe(
      401,
    );
    expect((await call(a, '/users/me', undefined, renewed.body.data.token)).status).toBe(401);
    expect((await call(b, '/users/me', undefined, login.body.data.token)).status).toBe(401);
  });
});
