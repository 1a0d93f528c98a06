import { createServer } from 'node:net';

function tryListen(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });
}

/** `preferred` when it is free, else a port the OS picks. Never assume a fixed port is free. */
export async function freePort(preferred?: number): Promise<number> {
  if (preferred !== undefined) {
    const port = await tryListen(preferred);
    if (port !== undefined) {
      return port;
    }
  }
  const port = await tryListen(0);
  if (port === undefined) {
    throw new Error('no free TCP port on 127.0.0.1');
  }
  return port;
}
