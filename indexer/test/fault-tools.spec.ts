import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Redis } from 'ioredis';
import pg from 'pg';

import { type PrivatePostgres, startPrivatePostgres } from '@lendpath/test-kit/private-postgres';
import { type PrivateRedis, startPrivateRedis } from '@lendpath/test-kit/private-redis';
import { type RpcProxy, startRpcProxy } from '@lendpath/test-kit/rpc-proxy';

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    return (await client.query(sql)).rows as unknown[];
  } finally {
    await client.end();
  }
}

function redisClient(url: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  return redis;
}

async function eventually(what: string, done: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) {
      throw new Error(`still not ${what} after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe(startPrivatePostgres.name, () => {
  let server: PrivatePostgres | undefined;
  let logDir: string | undefined;
  afterEach(async () => {
    await server?.destroy();
    server = undefined;
    if (logDir !== undefined) {
      rmSync(logDir, { recursive: true, force: true });
      logDir = undefined;
    }
  });

  it('keeps committed rows across a clean stop and start, logging where it was told', async () => {
    logDir = mkdtempSync(join(tmpdir(), 'fault-tools-'));
    const logFile = join(logDir, 'postgres.log');
    const pgServer = (server = await startPrivatePostgres({ logFile }));
    expect(pgServer.url).toBe(`postgres://postgres@127.0.0.1:${pgServer.port}/postgres`);
    await query(pgServer.url, 'CREATE TABLE blocks (number int PRIMARY KEY)');
    await query(pgServer.url, 'INSERT INTO blocks VALUES (1), (2)');

    await pgServer.stop();
    await expect(query(pgServer.url, 'SELECT 1')).rejects.toThrow(/ECONNREFUSED/);
    expect(() => pgServer.pid()).toThrow(/not running/);

    await pgServer.start();
    expect(await query(pgServer.url, 'SELECT number FROM blocks ORDER BY number')).toEqual([
      { number: 1 },
      { number: 2 },
    ]);
    expect(readFileSync(logFile, 'utf8')).toContain('database system is ready');
  });

  it('comes back after SIGKILL on the same port, with committed rows recovered', async () => {
    const pgServer = (server = await startPrivatePostgres());
    await query(pgServer.url, 'CREATE TABLE blocks (number int PRIMARY KEY)');
    await query(pgServer.url, 'INSERT INTO blocks VALUES (7)');
    const session = new pg.Client({ connectionString: pgServer.url });
    session.on('error', () => undefined);
    await session.connect();
    const killed = pgServer.pid();

    await pgServer.kill();
    await expect(session.query('SELECT 1')).rejects.toThrow();
    expect(() => process.kill(killed, 0)).toThrow();

    await pgServer.start();
    expect(pgServer.pid()).not.toBe(killed);
    expect(await query(pgServer.url, 'SELECT number FROM blocks')).toEqual([{ number: 7 }]);
    await session.end().catch(() => undefined);
  });
});

describe(startPrivateRedis.name, () => {
  let server: PrivateRedis | undefined;
  afterEach(async () => {
    await server?.destroy();
    server = undefined;
  });

  it('keeps acknowledged writes across a clean stop and start, and across SIGKILL', async () => {
    const redisServer = (server = await startPrivateRedis());
    expect(redisServer.url).toBe(`redis://127.0.0.1:${redisServer.port}`);
    const before = redisClient(redisServer.url);
    await before.set('cursor', '41');
    before.disconnect();

    await redisServer.stop();
    expect(() => redisServer.pid()).toThrow(/not running/);
    await redisServer.start();
    const afterStop = redisClient(redisServer.url);
    expect(await afterStop.get('cursor')).toBe('41');
    await afterStop.set('cursor', '42');
    afterStop.disconnect();

    const killed = redisServer.pid();
    await redisServer.kill();
    expect(() => process.kill(killed, 0)).toThrow();
    await redisServer.start();
    const afterKill = redisClient(redisServer.url);
    expect(await afterKill.get('cursor')).toBe('42');
    afterKill.disconnect();
  });
});

interface RpcCall {
  jsonrpc: '2.0';
  id: number;
  method: string;
  params: unknown[];
}

const call = (id: number, method: string, params: unknown[] = []): RpcCall => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});

const getLogs = (id: number, fromBlock: string, toBlock: string) =>
  call(id, 'eth_getLogs', [{ fromBlock, toBlock }]);

async function post(url: string, body: unknown, timeoutMs = 5_000) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

async function rpc(url: string, body: unknown): Promise<unknown> {
  return JSON.parse((await post(url, body)).text) as unknown;
}

describe(startRpcProxy.name, () => {
  // A stand-in for a node: fixed answers, and a record of every method it was asked.
  const seen: string[] = [];
  const target = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = ({ id, method }: RpcCall) => {
        seen.push(method);
        const results: Record<string, unknown> = {
          eth_chainId: '0x7a69',
          eth_blockNumber: '0x64',
          eth_getLogs: [],
        };
        return method in results
          ? { jsonrpc: '2.0', id, result: results[method] }
          : { jsonrpc: '2.0', id, error: { code: -32601, message: 'method not found' } };
      };
      const payload = JSON.parse(Buffer.concat(chunks).toString()) as RpcCall | RpcCall[];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(Array.isArray(payload) ? payload.map(answer) : answer(payload)));
    });
  });
  let proxy: RpcProxy;

  beforeAll(() => new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve)));
  afterAll(async () => {
    const closed = new Promise((resolve) => target.close(resolve));
    target.closeAllConnections();
    await closed;
  });

  beforeEach(async () => {
    seen.length = 0;
    const { port } = target.address() as { port: number };
    proxy = await startRpcProxy(`http://127.0.0.1:${port}`, { seed: 7 });
  });
  afterEach(() => proxy.stop());

  it('passes single calls and batches through to the target', async () => {
    expect(await rpc(proxy.url, call(1, 'eth_blockNumber'))).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: '0x64',
    });
    expect(await rpc(proxy.url, [call(2, 'eth_chainId'), call(3, 'eth_getLogs', [{}])])).toEqual([
      { jsonrpc: '2.0', id: 2, result: '0x7a69' },
      { jsonrpc: '2.0', id: 3, result: [] },
    ]);
    expect(seen).toEqual(['eth_blockNumber', 'eth_chainId', 'eth_getLogs']);
    expect(proxy.stats.forwarded).toBe(2);
  });

  it('answers HTTP 500 with a text body for serverError', async () => {
    proxy.setFaults({ serverError: 1 });
    const answer = await post(proxy.url, call(1, 'eth_blockNumber'));
    expect(answer.status).toBe(500);
    expect(answer.headers.get('content-type')).toBe('text/plain');
    expect(seen).toEqual([]);
  });

  it('answers HTTP 429, Retry-After 1 and error -32005 for rateLimit', async () => {
    proxy.setFaults({ rateLimit: 1 });
    const answer = await post(proxy.url, call(1, 'eth_blockNumber'));
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(JSON.parse(answer.text)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32005, message: 'rate limited' },
    });
  });

  it('answers error -32603 for the call, or each call of a batch, for rpcError', async () => {
    proxy.setFaults({ rpcError: 1 });
    const error = { code: -32603, message: 'internal error' };
    expect(await rpc(proxy.url, call(1, 'eth_blockNumber'))).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error,
    });
    expect(await rpc(proxy.url, [call(2, 'eth_chainId'), call(3, 'eth_blockNumber')])).toEqual([
      { jsonrpc: '2.0', id: 2, error },
      { jsonrpc: '2.0', id: 3, error },
    ]);
    expect(seen).toEqual([]);
  });

  it('never answers for hang, until the client gives up', async () => {
    proxy.setFaults({ hang: 1 });
    await expect(post(proxy.url, call(1, 'eth_blockNumber'), 300)).rejects.toThrow(
      expect.objectContaining({ name: 'TimeoutError' }) as Error,
    );
    expect(seen).toEqual([]);
  });

  it('drops a hanging request when it stops', async () => {
    proxy.setFaults({ hang: 1 });
    const pending = post(proxy.url, call(1, 'eth_blockNumber'));
    await eventually('hanging', () => proxy.stats.faults.hang === 1);
    const started = Date.now();
    await proxy.stop();
    await expect(pending).rejects.toThrow('fetch failed');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('drops the connection without an answer for reset', async () => {
    proxy.setFaults({ reset: 1 });
    await expect(post(proxy.url, call(1, 'eth_blockNumber'))).rejects.toMatchObject({
      cause: { code: 'ECONNRESET' },
    });
    expect(seen).toEqual([]);
  });

  it('injects faults only into requests calling one of `methods`', async () => {
    proxy.setFaults({ rpcError: 1, methods: ['eth_getLogs'] });
    expect(await rpc(proxy.url, call(1, 'eth_blockNumber'))).toMatchObject({ result: '0x64' });
    expect(await rpc(proxy.url, getLogs(2, '0x0', '0x1'))).toMatchObject({
      error: { code: -32603 },
    });
    expect(await rpc(proxy.url, [call(3, 'eth_chainId'), getLogs(4, '0x0', '0x1')])).toMatchObject([
      { id: 3, error: { code: -32603 } },
      { id: 4, error: { code: -32603 } },
    ]);
    expect(seen).toEqual(['eth_blockNumber']);
  });

  it('refuses eth_getLogs over more than maxLogBlockRange blocks, like a provider', async () => {
    proxy.setFaults({ maxLogBlockRange: 10 });
    const tooWide = { code: -32005, message: 'query exceeds max block range 10' };
    expect(await rpc(proxy.url, getLogs(1, '0x0', '0x9'))).toMatchObject({ id: 1, result: [] });
    expect(await rpc(proxy.url, getLogs(2, '0x0', '0xa'))).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: tooWide,
    });
    expect(await rpc(proxy.url, getLogs(3, '0x0', 'latest'))).toMatchObject({ result: [] });
    expect(
      await rpc(proxy.url, [
        call(4, 'eth_blockNumber'),
        getLogs(5, '0x64', '0xc8'),
        getLogs(6, '0x64', '0x6d'),
      ]),
    ).toEqual([
      { jsonrpc: '2.0', id: 4, result: '0x64' },
      { jsonrpc: '2.0', id: 5, error: tooWide },
      { jsonrpc: '2.0', id: 6, result: [] },
    ]);
    expect(seen).toEqual(['eth_getLogs', 'eth_getLogs', 'eth_blockNumber', 'eth_getLogs']);
  });

  it('counts requests forwarded and faults injected, and forwards again once cleared', async () => {
    proxy.setFaults({ serverError: 1, maxLogBlockRange: 1 });
    await post(proxy.url, call(1, 'eth_blockNumber'));
    proxy.setFaults({ serverError: 0, rateLimit: 1 });
    await post(proxy.url, call(2, 'eth_blockNumber'));
    proxy.setFaults({ rateLimit: 0 });
    await post(proxy.url, getLogs(3, '0x0', '0x5'));
    proxy.clearFaults();
    await post(proxy.url, getLogs(4, '0x0', '0x5'));
    await post(proxy.url, call(5, 'eth_blockNumber'));

    expect(proxy.stats).toEqual({
      received: 5,
      forwarded: 2,
      faults: { reset: 0, hang: 0, serverError: 1, rateLimit: 1, rpcError: 0, blockRange: 1 },
    });
  });

  it('draws the same faults for the same seed', async () => {
    const statuses = async (faulty: RpcProxy) => {
      faulty.setFaults({ serverError: 0.5 });
      const seenStatuses: number[] = [];
      for (let id = 0; id < 20; id += 1) {
        seenStatuses.push((await post(faulty.url, call(id, 'eth_blockNumber'))).status);
      }
      return seenStatuses;
    };
    const { port } = target.address() as { port: number };
    const twin = await startRpcProxy(`http://127.0.0.1:${port}`, { seed: 7 });
    try {
      const first = await statuses(proxy);
      expect(await statuses(twin)).toEqual(first);
      expect(first).toContain(200);
      expect(first).toContain(500);
    } finally {
      await twin.stop();
    }
  });

  it('holds every request while paused and forwards them on resume', async () => {
    proxy.pause();
    let answered = false;
    const single = rpc(proxy.url, call(1, 'eth_blockNumber')).finally(() => (answered = true));
    const batch = rpc(proxy.url, [call(2, 'eth_chainId')]).finally(() => (answered = true));
    await eventually('received', () => proxy.stats.received === 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    expect(seen).toEqual([]);

    proxy.resume();
    expect(await single).toMatchObject({ id: 1, result: '0x64' });
    expect(await batch).toEqual([{ jsonrpc: '2.0', id: 2, result: '0x7a69' }]);
  });
});
