import { randomInt, randomUUID } from 'node:crypto';

import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { PasswordHasher } from '../src/auth/passwords/password-hasher';
import { createApp } from '../src/main';
import { clientNetwork, policies } from '../src/rate-limits/rate-limits';
import { startSmtpSink } from './smtp-sink';
import { testEnv } from './test-env';

async function started(trustProxyHops: number, smtpUrl?: string) {
  const app = await createApp(
    testEnv({
      TRUST_PROXY_HOPS: String(trustProxyHops),
      ...(smtpUrl === undefined ? {} : { SMTP_URL: smtpUrl, MAIL_RETRY_DELAY_MS: '50' }),
    }),
  );
  await app.listen(0, '127.0.0.1');
  return { app, url: await app.getUrl() };
}

/** An address of its own, so each test starts with empty per-IP counts. */
const someIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
const someAddress = () => `${randomUUID()}@example.com`;

async function post(url: string, path: string, body: unknown, from: string) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    retryAfter: Number(response.headers.get('retry-after')),
    body: (await response.json()) as { message: string; code?: string },
  };
}

const login = (url: string, email: string, password: string, from: string) =>
  post(url, '/users/login', { email, password }, from);

/** The 429 of every budget: how long to wait, in the message and in Retry-After. */
function expectToWait(
  answer: Awaited<ReturnType<typeof post>>,
  minutesAtMost: number,
  minutesAtLeast = minutesAtMost - 1,
) {
  expect(answer.status).toBe(429);
  expect(answer.retryAfter).toBeGreaterThan(minutesAtLeast * 60);
  expect(answer.retryAfter).toBeLessThanOrEqual(minutesAtMost * 60);
  expect(answer.body).toEqual({
    success: false,
    message: `Too many attempts. Please try again in ${Math.ceil(answer.retryAfter / 60)} minutes.`,
    code: 'RATE.LIMITED',
  });
}

describe(clientNetwork.name, () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8:0001::', '2001:db8:1:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s as %s', (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });
});

describe('rate limits', () => {
  describe('logins, behind a trusted proxy', () => {
    let app: INestApplication;
    let url: string;
    const password = 'tide-lantern-97';
    let passwordHash: string;

    beforeAll(async () => {
      ({ app, url } = await started(1));
      passwordHash = await new PasswordHasher().hash(password);
    });
    afterAll(() => app.close());

    async function member(): Promise<string> {
      const email = someAddress();
      await app.get(DataSource).query(
        `INSERT INTO app.users (email, phone, fullname, password_hash, email_verified_at)
           VALUES ($1, '+1 555 0100', 'Ada Lovelace', $2, now())`,
        [email, passwordHash],
      );
      return email;
    }

    it('never lock the owner out: wrong passwords from other clients leave the owner’s alone', async () => {
      const email = await member();
      // A spread attack (one try each from many addresses) and a focused one (one address).
      for (let i = 0; i < 30; i++) {
        expect((await login(url, email, 'wrong-password', someIp())).status).toBe(401);
      }
      const attacker = someIp();
      for (let i = 0; i < policies.login.client.limit; i++) {
        expect((await login(url, email, 'wrong-password', attacker)).status).toBe(401);
      }
      expect((await login(url, email, 'wrong-password', attacker)).status).toBe(429);
      expect((await login(url, email, password, someIp())).status).toBe(200);
    });

    it(`hold one client to ${policies.login.client.limit} wrong passwords per account in 15 minutes, and say how long to wait`, async () => {
      const email = await member();
      const client = someIp();
      for (let i = 0; i < policies.login.client.limit; i++) {
        expect((await login(url, email, 'wrong-password', client)).status).toBe(401);
      }
      expectToWait(await login(url, email, password, client), 15);
      // Other accounts from the same client are not held.
      expect((await login(url, await member(), password, client)).status).toBe(200);
    });

    it('start a client’s count over when it signs in', async () => {
      const email = await member();
      const client = someIp();
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < policies.login.client.limit - 1; i++) {
          expect((await login(url, email, 'wrong-password', client)).status).toBe(401);
        }
        expect((await login(url, email, password, client)).status).toBe(200);
      }
    });

    it(`stop new clients after ${policies.login.address.limit} wrong passwords for one account in an hour, never the clients the owner signed in from`, async () => {
      const email = await member();
      const home = someIp();
      expect((await login(url, email, password, home)).status).toBe(200);
      for (let i = 0; i < policies.login.address.limit; i++) {
        expect((await login(url, email, 'wrong-password', someIp())).status).toBe(401);
      }
      expectToWait(await login(url, email, password, someIp()), 60);
      expect((await login(url, email, password, home)).status).toBe(200);
    });

    it(`hold one address to ${policies.login.ip.limit} wrong passwords in 15 minutes whatever the accounts; sign-ins that succeed do not count`, async () => {
      const office = someIp();
      const colleague = await member();
      for (let i = 0; i < policies.login.ip.limit; i++) {
        if (i % 20 === 0) {
          expect((await login(url, colleague, password, office)).status).toBe(200);
        }
        expect((await login(url, someAddress(), 'wrong-password', office)).status).toBe(401);
      }
      expectToWait(await login(url, someAddress(), 'wrong-password', office), 15);
      // Another address is not affected.
      expect((await login(url, someAddress(), 'wrong-password', someIp())).status).toBe(401);
    });
  });

  describe('sign-ups from one shared address (an office, a carrier)', () => {
    let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
    let app: INestApplication;
    let url: string;

    beforeAll(async () => {
      smtp = await startSmtpSink();
      ({ app, url } = await started(1, smtp.url));
    });
    afterAll(async () => {
      await app.close();
      await smtp.close();
    });

    async function codeMailedTo(to: string): Promise<string> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const mail = smtp.received.find((m) => m.to.includes(to));
        const code = mail === undefined ? undefined : /verification code: (\d{6})/.exec(mail.raw);
        if (code?.[1] !== undefined) {
          return code[1];
        }
        if (Date.now() > deadline) {
          throw new Error(`no code reached ${to}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    it('let a whole class sign up together', async () => {
      const office = someIp();
      const newcomers = Array.from({ length: 30 }, someAddress);
      for (const email of newcomers) {
        const asked = await post(
          url,
          '/users/request-account',
          { email, phone: '555 0100' },
          office,
        );
        expect(asked.status).toBe(200);
      }
      for (const email of newcomers) {
        const verified = await post(
          url,
          '/users/verify-account',
          {
            email,
            phone: '555 0100',
            otp: await codeMailedTo(email),
            fullname: 'Ada Lovelace',
            password: 'tide-lantern-97',
          },
          office,
        );
        expect(verified.status).toBe(201);
      }
    });

    it(`stop one address after ${policies.codeRequest.ip.limit} code mails in 15 minutes, saying how long to wait`, async () => {
      const sprayer = someIp();
      for (let i = 0; i < policies.codeRequest.ip.limit; i++) {
        const body = { email: someAddress(), phone: '555 0100' };
        expect((await post(url, '/users/request-account', body, sprayer)).status).toBe(200);
      }
      expectToWait(
        await post(url, '/users/forgot-password', { email: someAddress() }, sprayer),
        15,
      );
    });

    it(`hold one client to ${policies.codeVerification.client.limit} wrong codes per account in 15 minutes`, async () => {
      const email = someAddress();
      const client = someIp();
      // No code was sent to this address, so every code is wrong; the point is who gets held.
      const check = (from = client) =>
        post(url, '/users/verify-forgetpassword-otp', { email, otp: '000000' }, from);
      for (let i = 0; i < policies.codeVerification.client.limit; i++) {
        expect((await check()).status).toBe(400);
      }
      expectToWait(await check(), 15);
      // Someone else's wrong codes never hold the owner's client back.
      expect((await check(someIp())).status).toBe(400);
    });
  });

  describe('without a trusted proxy', () => {
    let app: INestApplication;
    let url: string;
    beforeAll(async () => ({ app, url } = await started(0)));
    afterAll(() => app.close());

    it('ignores a spoofed X-Forwarded-For: every request counts against the socket address', async () => {
      for (let i = 0; i < policies.login.ip.limit; i++) {
        await login(url, someAddress(), 'wrong-password', `203.0.113.${i % 256}`);
      }
      expect((await login(url, someAddress(), 'wrong-password', '198.51.100.7')).status).toBe(429);
    });
  });
});
