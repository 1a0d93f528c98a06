import type { AddressInfo } from 'node:net';

import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * An SMTP server for tests: it keeps what it receives, and can refuse the next messages with a
 * given reply code (451 for "try later", 550 for "never").
 */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const refusals: number[] = [];
  let arrived: (() => void) | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        const refusal = refusals.shift();
        if (refusal !== undefined) {
          callback(Object.assign(new Error(`refused with ${refusal}`), { responseCode: refusal }));
          return;
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        arrived?.();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Refuse the next messages with these reply codes, in order. */
    refuse: (...codes: number[]) => refusals.push(...codes),
    /** Resolves once `count` messages have arrived. */
    async waitFor(count: number, timeoutMs = 15_000): Promise<ReceivedMail[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`only ${received.length} of ${count} messages arrived`);
        }
        await new Promise<void>((resolve) => {
          arrived = resolve;
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
