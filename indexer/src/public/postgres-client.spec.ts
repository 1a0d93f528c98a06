import { createServer, type Server } from 'node:net';

import { Pool } from 'pg';

import { ListenedClient } from './postgres-client';

/** A backend message: its type byte, then its length (itself included) and its body. */
const message = (type: string, body: Buffer) => {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};
const int32 = (n: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(n);
  return buffer;
};
/** ErrorResponse fields: a code byte and a NUL-ended string each, then a NUL. */
const fields = (entries: Record<string, string>) =>
  Buffer.concat([
    ...Object.entries(entries).map(([code, value]) => Buffer.from(`${code}${value}\0`, 'utf8')),
    Buffer.from([0]),
  ]);

/**
 * A server that answers a connection's startup as Postgres does when it shuts down right after
 * accepting one: the connection made (AuthenticationOk, ReadyForQuery), then FATAL 57P01, all in
 * one write, so the client reads them in one chunk.
 */
function shuttingDownServer(): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => {
    socket.once('data', () => {
      socket.end(
        Buffer.concat([
          message('R', int32(0)),
          message('Z', Buffer.from('I')),
          message(
            'E',
            fields({
              S: 'FATAL',
              V: 'FATAL',
              C: '57P01',
              M: 'terminating connection due to administrator command',
            }),
          ),
        ]),
      );
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ server, port: (server.address() as { port: number }).port });
    });
  });
}

describe(ListenedClient.name, () => {
  let server: Server;
  let port: number;
  beforeAll(async () => ({ server, port } = await shuttingDownServer()));
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('keeps a FATAL read with the connection from ending the process; the holder learns of it', async () => {
    const pool = new Pool({
      host: '127.0.0.1',
      port,
      user: 'test',
      database: 'test',
      Client: ListenedClient,
    });
    // Taken through the promise, as TypeORM's query runner and the api's Sql take theirs: the
    // FATAL is emitted before the taker could listen. With pg's own Client it is an uncaught
    // 'error' event, and jest fails this test with it.
    const client = await pool.connect();
    await expect(client.query('SELECT 1')).rejects.toThrow(/not queryable|terminat/);
    client.release(true);
    await pool.end();
  });
});
