import { randomUUID } from 'node:crypto';

import { SignJWT, UnsecuredJWT } from 'jose';
import { DataSource } from 'typeorm';

import { Sessions } from '../src/auth/sessions/sessions';
import { dataSourceOptions, migrate } from '../src/database/data-source';
import { testEnv } from './test-env';

describe(Sessions.name, () => {
  const env = testEnv();
  let dataSource: DataSource;
  let sessions: Sessions;

  beforeAll(async () => {
    await migrate(env.DATABASE_URL);
    dataSource = await new DataSource(dataSourceOptions(env.DATABASE_URL)).initialize();
    sessions = new Sessions(dataSource, env);
  });
  afterAll(() => dataSource.destroy());

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
