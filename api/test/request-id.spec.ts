import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';

import type { INestApplication } from '@nestjs/common';

import { deleteKeys } from '@lendpath/test-kit/test-services';
import { createApp } from '../src/main';
import { signedInMember } from './members';
import { startSmtpSink } from './smtp-sink';
import { testEnv } from './test-env';

type Line = Record<string, unknown> & { msg?: string; reqId?: string; context?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * The request id: taken from the caller or made, sent back, on every line the request logs and
 * on every line of the jobs it enqueues (read from the app's real log output, as JSON lines).
 */
describe('request ids in the logs', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let app: INestApplication;
  let url: string;
  const lines: Line[] = [];
  const prefix = `reqid-${randomUUID().slice(0, 8)}`;

  const logged = async (match: (line: Line) => boolean, what: string): Promise<Line> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const line = lines.find(match);
      if (line !== undefined) {
        return line;
      }
      if (Date.now() > deadline) {
        throw new Error(`no line ${what} in:\n${lines.map((l) => JSON.stringify(l)).join('\n')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const signUp = (headers: Record<string, string> = {}) =>
    fetch(`${url}/users/request-account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email: `${randomUUID()}@example.com`, phone: '555 0100' }),
    });

  beforeAll(async () => {
    smtp = await startSmtpSink();
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString().split('\n').filter(Boolean)) {
          lines.push(JSON.parse(text) as Line);
        }
        done();
      },
    });
    app = await createApp(
      testEnv({
        SMTP_URL: smtp.url,
        MAIL_RETRY_DELAY_MS: '50',
        QUEUE_PREFIX: prefix,
        LOG_LEVEL: 'debug',
      }),
      { logDestination: destination },
    );
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await deleteKeys(testEnv().REDIS_URL, `${prefix}:*`);
  });

  it('carries the caller’s id from the request into the mail job, on every attempt', async () => {
    const reqId = `trace-${randomUUID()}`;
    smtp.refuse(451);
    const answer = await signUp({ 'x-request-id': reqId });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBe(reqId);

    const request = await logged(
      (line) => line.msg === 'request completed' && line.reqId === reqId,
      'for the request',
    );
    expect(request).toMatchObject({ level: 'debug', route: '/users/request-account', status: 200 });
    // The first delivery is refused ("try later"); the retry delivers. Both name the request.
    const refused = await logged(
      (line) => line.context === 'MailProcessor' && /not sent/.test(line.msg ?? ''),
      'for the refused attempt',
    );
    const sent = await logged(
      (line) => line.context === 'MailProcessor' && /\(sign-up-code\) sent$/.test(line.msg ?? ''),
      'for the delivery',
    );
    expect(refused.reqId).toBe(reqId);
    expect(sent.reqId).toBe(reqId);
    expect(sent).toMatchObject({ level: 'info', app: 'api' });
    expect(new Date(sent.time as string).toISOString()).toBe(sent.time);
  });

  it('makes an id when the caller sends none, or one that is not an id', async () => {
    const none = await signUp();
    const made = none.headers.get('x-request-id') ?? '';
    expect(made).toMatch(UUID);
    const sent = await logged(
      (line) => line.reqId === made && /sent$/.test(line.msg ?? ''),
      'for the delivery',
    );
    expect(sent.context).toBe('MailProcessor');

    for (const bad of ['a b', 'x'.repeat(129), '{"level":"fatal"}']) {
      const answer = await fetch(`${url}/health`, { headers: { 'x-request-id': bad } });
      expect(answer.headers.get('x-request-id')).toMatch(UUID);
    }
    const [first, second] = await Promise.all([fetch(`${url}/health`), fetch(`${url}/health`)]);
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
  });

  it('logs a refused request at info with its route, and never /health or /metrics', async () => {
    const health = await fetch(`${url}/health`, { headers: { 'x-request-id': 'health-probe' } });
    const metrics = await fetch(`${url}/metrics`, { headers: { 'x-request-id': 'metrics-probe' } });
    const refused = await fetch(`${url}/academy/courses/${randomUUID()}`, {
      headers: { 'x-request-id': 'refused-1' },
    });
    expect([health.status, metrics.status, refused.status]).toEqual([200, 401, 401]);
    const line = await logged((l) => l.reqId === 'refused-1', 'for the refused request');
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request completed',
      method: 'GET',
      route: '/academy/courses/:id',
      status: 401,
    });
    expect(lines.filter((l) => l.reqId === 'health-probe' || l.reqId === 'metrics-probe')).toEqual(
      [],
    );
  });

  it('logs a stream the client left once, when it left, with its request id', async () => {
    const member = await signedInMember(app, url, 'Stream Member');
    const leave = new AbortController();
    const stream = await fetch(`${url}/microlending/stream`, {
      headers: { authorization: `Bearer ${member.token}`, 'x-request-id': 'stream-1' },
      signal: leave.signal,
    });
    expect(stream.status).toBe(200);
    // Open: nothing is logged of it yet.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lines.filter((l) => l.reqId === 'stream-1')).toEqual([]);
    leave.abort();
    const line = await logged((l) => l.reqId === 'stream-1', 'for the stream');
    expect(line).toMatchObject({
      level: 'debug',
      msg: 'request closed before its answer was sent',
      route: '/microlending/stream',
      status: 200,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lines.filter((l) => l.reqId === 'stream-1')).toHaveLength(1);
  });
});
