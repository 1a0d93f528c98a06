import { randomBytes } from 'node:crypto';

import type { INestApplication } from '@nestjs/common';

import { deleteKeys } from '@lendpath/test-kit/test-services';
import { Mailer } from '../src/mail/mailer';
import { createApp } from '../src/main';
import { testEnv } from './test-env';

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** The queue dashboard (bull-board): off unless configured, then behind its credentials. */
describe('the queue dashboard', () => {
  const apps: INestApplication[] = [];
  const prefix = `dashboard-${randomBytes(4).toString('hex')}`;
  const start = async (env: NodeJS.ProcessEnv) => {
    const app = await createApp(testEnv({ QUEUE_PREFIX: prefix, ...env }));
    apps.push(app);
    await app.listen(0, '127.0.0.1');
    return app.getUrl();
  };
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await deleteKeys(testEnv().REDIS_URL, `${prefix}:*`);
  });

  it('does not exist without credentials configured', async () => {
    const url = await start({});
    const page = await fetch(`${url}/admin/queues`, {
      headers: { authorization: basic('a', 'b') },
    });
    expect(page.status).toBe(404);
    expect((await fetch(`${url}/admin/queues/api/queues`)).status).toBe(404);
  });

  describe('when configured', () => {
    const user = 'operator';
    const password = randomBytes(24).toString('hex');
    let url: string;
    beforeAll(async () => {
      url = await start({ QUEUE_DASHBOARD_USER: user, QUEUE_DASHBOARD_PASSWORD: password });
    });

    it.each([
      ['no credentials', undefined],
      ['a wrong password', basic(user, `${password}x`)],
      ['a wrong user name', basic('admin', password)],
      ['the password alone', basic('', password)],
      ['a bearer token', `Bearer ${password}`],
      ['garbage', 'Basic %%%'],
    ])('refuses %s with 401', async (_, authorization) => {
      for (const path of ['/admin/queues', '/admin/queues/api/queues']) {
        const answer = await fetch(`${url}${path}`, {
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(answer.status).toBe(401);
        expect(answer.headers.get('www-authenticate')).toBe(
          'Basic realm="LendPath queues", charset="UTF-8"',
        );
        expect(await answer.json()).toMatchObject({ success: false, code: 'OPS.UNAUTHORIZED' });
      }
    });

    it('shows the API’s queues to the operator', async () => {
      const headers = { authorization: basic(user, password) };
      const page = await fetch(`${url}/admin/queues`, { headers });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('LendPath queues');
      // Its own scripts only, never framed (security-headers.ts).
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(html)?.[1];
      expect((await fetch(`${url}/admin/queues/${script}`, { headers })).status).toBe(200);
      expect((await fetch(`${url}/admin/queues/${script}`)).status).toBe(401);

      const api = await fetch(`${url}/admin/queues/api/queues`, { headers });
      expect(api.status).toBe(200);
      const { queues } = (await api.json()) as { queues: { name: string }[] };
      expect(queues.map((queue) => queue.name).sort()).toEqual([
        'chain-events',
        'loan-notices',
        'mail',
      ]);
    });

    it('shows who a mail is for, never the code in it', async () => {
      // The SMTP server never answers here: the mail waits for its retry, code and all.
      await apps
        .at(-1)!
        .get(Mailer)
        .send('ada@example.com', { name: 'sign-up-code', code: '918273' });
      const headers = { authorization: basic(user, password) };
      const delayed = async () =>
        (await (
          await fetch(`${url}/admin/queues/api/queues?activeQueue=mail&status=delayed`, { headers })
        ).json()) as { queues: { name: string; jobs: { data: unknown }[] }[] };
      let mail = (await delayed()).queues.find((queue) => queue.name === 'mail');
      for (let i = 0; i < 100 && mail?.jobs.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        mail = (await delayed()).queues.find((queue) => queue.name === 'mail');
      }
      expect(mail?.jobs.map((job) => job.data)).toEqual([
        { to: 'ada@example.com', template: 'sign-up-code' },
      ]);
      expect(JSON.stringify(mail)).not.toContain('918273');
    });
  });
});
