import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { RpcClient, RpcError } from './rpc-client';

type Answer = (body: { method: string; id: number }) => {
  status?: number;
  body?: unknown;
  hang?: boolean;
  /** Send the headers and half the body, then nothing more. */
  stall?: boolean;
};

describe(RpcClient.name, () => {
  let server: Server;
  let url: string;
  let answer: Answer;
  let calls = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        calls++;
        const parsed = JSON.parse(text) as
          { method: string; id: number } | { method: string; id: number }[];
        const first = Array.isArray(parsed)
          ? (parsed[0] as { method: string; id: number })
          : parsed;
        const reply = answer(first);
        if (reply.hang === true) {
          return;
        }
        const body =
          reply.body ??
          (Array.isArray(parsed)
            ? parsed.map((call) => ({ jsonrpc: '2.0', id: call.id, result: call.method }))
            : { jsonrpc: '2.0', id: first.id, result: first.method });
        const json = JSON.stringify(body);
        response.writeHead(reply.status ?? 200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(json),
        });
        if (reply.stall === true) {
          response.write(json.slice(0, json.length >> 1));
          return;
        }
        response.end(json);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    calls = 0;
  });

  const client = (retries = 3) => new RpcClient({ url, timeoutMs: 200, retries });
  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RpcError);
    return error as RpcError;
  };

  it('answers single calls and batches in the order asked', async () => {
    answer = () => ({});
    expect(await client().call('eth_chainId', [])).toBe('eth_chainId');
    expect(
      await client().batch([
        { method: 'a', params: [] },
        { method: 'b', params: [] },
      ]),
    ).toEqual(['a', 'b']);
  });

  it('retries transient failures (5xx, timeouts) until one succeeds', async () => {
    let n = 0;
    answer = () => (++n < 3 ? (n === 1 ? { status: 502 } : { hang: true }) : {});
    expect(await client().call('eth_blockNumber', [])).toBe('eth_blockNumber');
    expect(calls).toBe(3);
  });

  it("takes a `read`'s answer; asks again after its RpcError, never after anything else", async () => {
    answer = () => ({});
    const read = (body: Buffer) =>
      Promise.resolve({ ...(JSON.parse(body.toString()) as object), result: 'read' });
    expect(await client().call('eth_getLogs', [], { read })).toBe('read');
    expect(calls).toBe(1);
    let reads = 0;
    const flaky = (body: Buffer) =>
      ++reads === 1 ? Promise.reject(new RpcError('transient', 'eth_getLogs', 'lost')) : read(body);
    expect(await client().call('eth_getLogs', [], { read: flaky })).toBe('read');
    expect(calls).toBe(3);
    const refusing = () => Promise.reject(new Error('a log the decoder refuses'));
    await expect(client().call('eth_getLogs', [], { read: refusing })).rejects.toThrow(
      'a log the decoder refuses',
    );
    expect(calls).toBe(4);
  });

  it('times out an answer that stops halfway, and asks again', async () => {
    let n = 0;
    answer = () => (++n === 1 ? { stall: true } : {});
    expect(await client().call('eth_getLogs', [{}])).toBe('eth_getLogs');
    expect(calls).toBe(2);
    n = 0;
    calls = 0;
    answer = () => ({ stall: true });
    const error = await failure(client(0).call('eth_getLogs', [{}]));
    expect({ failure: error.failure, message: error.message }).toEqual({
      failure: 'transient',
      message: 'eth_getLogs: timed out',
    });
  });

  it('treats a node that cannot be reached as transient, over https as over http', async () => {
    for (const closed of ['http://127.0.0.1:9', 'https://127.0.0.1:9']) {
      const error = await failure(
        new RpcClient({ url: closed, timeoutMs: 200, retries: 0 }).call('eth_chainId', []),
      );
      expect(error.failure).toBe('transient');
      expect(error.message).toMatch(/ECONNREFUSED/);
    }
  });

  it('gives up after its retries, saying why', async () => {
    answer = () => ({ status: 500 });
    const error = await failure(client(2).call('eth_blockNumber', []));
    expect(error.failure).toBe('transient');
    expect(calls).toBe(3);
  });

  it('classifies 429 as rate limited, and never retries fatal errors', async () => {
    answer = () => ({ status: 429 });
    expect((await failure(client(0).call('eth_blockNumber', []))).failure).toBe('rate-limited');
    calls = 0;
    answer = ({ id }) => ({
      body: { jsonrpc: '2.0', id, error: { code: -32602, message: 'invalid params' } },
    });
    expect((await failure(client(3).call('eth_getLogs', [{}]))).failure).toBe('fatal');
    expect(calls).toBe(1);
  });

  it('hands getLogs range errors straight back, with the range a provider suggests', async () => {
    answer = ({ id }) => ({
      body: {
        jsonrpc: '2.0',
        id,
        error: {
          code: -32005,
          message:
            'query returned more than 10000 results. Try with this block range [0x10, 0x1f].',
        },
      },
    });
    const error = await failure(client(3).call('eth_getLogs', [{}]));
    expect({ failure: error.failure, suggested: error.suggestedRange, calls }).toEqual({
      failure: 'range',
      suggested: 16,
      calls: 1,
    });
    answer = ({ id }) => ({
      body: {
        jsonrpc: '2.0',
        id,
        error: { code: -32005, message: 'query exceeds max block range 500' },
      },
    });
    expect((await failure(client(3).call('eth_getLogs', [{}]))).suggestedRange).toBe(500);
  });

  it('treats an answer that is not JSON as transient', async () => {
    let n = 0;
    answer = () => (++n === 1 ? { body: '<html>', status: 200 } : {});
    expect(await client().call('eth_chainId', [])).toBe('eth_chainId');
  });

  it('hands over an answer given parseAfter only once that has settled, either way', async () => {
    answer = () => ({});
    const rpc = client(0);
    let release = (): void => undefined;
    const before = new Promise<void>((resolve) => (release = resolve));
    let done = false;
    const later = rpc.call('eth_getLogs', [], { parseAfter: before }).then((result) => {
      done = true;
      return result;
    });
    // The answer is in (the server counted the call, and 100 ms is long for a local answer)…
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toBe(1);
    expect(done).toBe(false);
    // …and is handed over once what it waits for is done.
    release();
    expect(await later).toBe('eth_getLogs');
    // A failure of what it waits for is not its own (its owner handles it, as here).
    const failed = Promise.reject(new Error('the piece before failed'));
    failed.catch(() => undefined);
    expect(await rpc.batch([{ method: 'b', params: [] }], { parseAfter: failed })).toEqual(['b']);
  });

  describe('preload', () => {
    const logs = (from: string) => ({ method: 'eth_getLogs', params: [{ fromBlock: from }] });

    it('hands an answer asked for ahead to the first call that is the same, once', async () => {
      answer = () => ({});
      const rpc = client();
      const preloaded = rpc.preload([logs('0x1')], 10_000);
      await preloaded.sent;
      expect(await preloaded.answers).toEqual(['eth_getLogs']);
      expect(calls).toBe(1);
      // A batch of one and a single call are the same request.
      expect(await rpc.call('eth_getLogs', [{ fromBlock: '0x1' }])).toBe('eth_getLogs');
      expect(calls).toBe(1);
      expect(await rpc.batch([logs('0x1')])).toEqual(['eth_getLogs']);
      expect(calls).toBe(2);
    });

    it('asks again for what differs, and for what it kept past its time', async () => {
      answer = () => ({});
      const rpc = client();
      await rpc.preload([logs('0x1')], 10_000).answers;
      await rpc.preload([logs('0x2')], 1).answers;
      await new Promise((resolve) => setTimeout(resolve, 20));
      await rpc.batch([logs('0x3')]);
      await rpc.batch([logs('0x2')]);
      expect(calls).toBe(4);
      await rpc.batch([logs('0x1')]);
      expect(calls).toBe(4);
    });

    it('asks again when the answer asked for ahead failed', async () => {
      let n = 0;
      answer = () => (++n === 1 ? { status: 400 } : {});
      const rpc = client();
      const preloaded = rpc.preload([logs('0x1')], 10_000);
      await preloaded.sent;
      expect((await failure(preloaded.answers)).failure).toBe('fatal');
      expect(await rpc.call('eth_getLogs', [{ fromBlock: '0x1' }])).toBe('eth_getLogs');
      expect(calls).toBe(2);
    });

    it('says it has sent when it could not reach the node at all', async () => {
      const rpc = new RpcClient({ url: 'http://127.0.0.1:1', timeoutMs: 200, retries: 0 });
      const preloaded = rpc.preload([logs('0x1')], 10_000);
      await preloaded.sent;
      expect((await failure(preloaded.answers)).failure).toBe('transient');
    });
  });
});
