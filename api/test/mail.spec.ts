import { randomUUID } from 'node:crypto';

import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication } from '@nestjs/common';
import type { Queue } from 'bullmq';

import { deleteKeys } from '@lendpath/test-kit/test-services';
import { MAIL_QUEUE } from '../src/mail/mail.queue';
import { Mailer } from '../src/mail/mailer';
import { createApp } from '../src/main';
import { startSmtpSink } from './smtp-sink';
import { testEnv } from './test-env';

describe(Mailer.name, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let app: INestApplication;
  let mailer: Mailer;
  let queue: Queue;

  // A queue of its own: other suites' apps (in other jest workers, sharing the run's prefix) send
  // mail to an SMTP server that is never there, and their failures would land in this queue.
  const prefix = `mail-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await createApp(
      testEnv({ SMTP_URL: smtp.url, MAIL_RETRY_DELAY_MS: '50', QUEUE_PREFIX: prefix }),
    );
    await app.init();
    mailer = app.get(Mailer);
    queue = app.get<Queue>(getQueueToken(MAIL_QUEUE));
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await deleteKeys(testEnv().REDIS_URL, `${prefix}:*`);
  });

  it('delivers a code mail over SMTP, as text and HTML', async () => {
    await mailer.send('ada@example.com', { name: 'sign-up-code', code: '042917' });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['ada@example.com']);
    expect(mail!.raw).toContain('Subject: Your LendPath verification code: 042917');
    expect(mail!.raw).toContain('Content-Type: text/plain');
    expect(mail!.raw).toContain('Content-Type: text/html');
    expect(mail!.raw).toContain('From: LendPath <no-reply@lendpath.local>');
  });

  it('retries when the server says "try later", and delivers', async () => {
    smtp.refuse(451, 451);
    await mailer.send('grace@example.com', { name: 'password-reset-code', code: '550123' });
    const mails = await smtp.waitFor(2);
    expect(mails.at(-1)!.to).toEqual(['grace@example.com']);
  });

  it('gives up at once, and keeps the failure, when the server refuses for good', async () => {
    smtp.refuse(550);
    await mailer.send('nobody@example.com', { name: 'password-changed', fullname: 'Nobody' });
    const deadline = Date.now() + 10_000;
    let failed = await queue.getFailed();
    while (failed.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      failed = await queue.getFailed();
    }
    expect(failed).toHaveLength(1);
    expect(failed[0]!.attemptsMade).toBe(1);
    expect(failed[0]!.failedReason).toContain('SMTP 550');
    expect(failed[0]!.data).toMatchObject({ to: 'nobody@example.com' });
  });
});
