// An Ethereum JSON-RPC HTTP proxy that misbehaves on purpose, the ways hosted providers do, so a
// test can show the indexer surviving it. Faults are drawn from a seeded PRNG: the same seed and
// the same requests give the same faults.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

import { freePort } from './ports.ts';

/**
 * Probabilities (0..1) per HTTP request. One draw picks at most one fault, each kind taking its
 * slice of [0, 1) in the order below: past a total of 1, the later kinds get less than asked.
 */
export interface Faults {
  /** Drop the connection (TCP RST) without an answer. */
  reset: number;
  /** Never answer; the socket stays open until the client gives up or the proxy stops. */
  hang: number;
  /** HTTP 500 with a text body. */
  serverError: number;
  /** HTTP 429, `Retry-After: 1`, JSON-RPC error -32005 `rate limited`. */
  rateLimit: number;
  /** HTTP 200 with JSON-RPC error -32603 `internal error` for the call, or each call of a batch. */
  rpcError: number;
  /** Only requests calling one of these methods (a batch: any of its calls) draw faults. */
  methods?: string[];
  /**
   * `eth_getLogs` over more blocks than this (toBlock - fromBlock + 1, both numeric) gets error
   * -32005 `query exceeds max block range <n>`, as real providers answer; not drawn, always.
   */
  maxLogBlockRange?: number;
}

export type FaultKind = 'reset' | 'hang' | 'serverError' | 'rateLimit' | 'rpcError' | 'blockRange';

export interface RpcProxyStats {
  /** HTTP requests that reached the proxy. */
  received: number;
  /** HTTP requests passed on to the target. */
  forwarded: number;
  /** Faults injected, by kind; `blockRange` counts calls, the others HTTP requests. */
  faults: Record<FaultKind, number>;
}

export interface RpcProxy {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  port: number;
  /** A snapshot. */
  readonly stats: RpcProxyStats;
  /** Changes only the settings given; the rest stay as they were. */
  setFaults(faults: Partial<Faults>): void;
  clearFaults(): void;
  /** From now on every request waits, unanswered, until `resume`. */
  pause(): void;
  /** Lets the waiting requests through, in arrival order. */
  resume(): void;
  /** Closes the server; hanging and waiting requests lose their connection. */
  stop(): Promise<void>;
}

interface Call {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

type Drawn = Exclude<FaultKind, 'blockRange'>;

const drawOrder: readonly Drawn[] = ['reset', 'hang', 'serverError', 'rateLimit', 'rpcError'];

const noFaults: Faults = { reset: 0, hang: 0, serverError: 0, rateLimit: 0, rpcError: 0 };

/** mulberry32: tiny, fast and plenty for choosing faults. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function errorAnswer(call: Call | undefined, code: number, message: string) {
  return { jsonrpc: '2.0', id: call?.id ?? null, error: { code, message } };
}

function blockNumber(value: unknown): number | undefined {
  if (typeof value === 'number') {
    return value;
  }
  if (typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value)) {
    return Number.parseInt(value, 16);
  }
  return undefined;
}

function exceedsRange(call: Call, max: number | undefined): boolean {
  if (max === undefined || call.method !== 'eth_getLogs' || !Array.isArray(call.params)) {
    return false;
  }
  const filter = call.params[0] as { fromBlock?: unknown; toBlock?: unknown } | undefined;
  const from = blockNumber(filter?.fromBlock);
  const to = blockNumber(filter?.toBlock);
  return from !== undefined && to !== undefined && to - from + 1 > max;
}

function asCalls(payload: unknown): Call[] {
  const calls = Array.isArray(payload) ? (payload as unknown[]) : [payload];
  return calls.map((call) => (typeof call === 'object' && call !== null ? (call as Call) : {}));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body === 'string' ? 'text/plain' : 'application/json';
  res.writeHead(status, { 'content-type': type, ...headers }).end(text);
}

export async function startRpcProxy(
  target: string,
  options: { seed?: number } = {},
): Promise<RpcProxy> {
  const random = prng(options.seed ?? 1);
  let faults: Faults = { ...noFaults };
  const stats: RpcProxyStats = {
    received: 0,
    forwarded: 0,
    faults: { reset: 0, hang: 0, serverError: 0, rateLimit: 0, rpcError: 0, blockRange: 0 },
  };
  let waiting: (() => void)[] | undefined;
  let stopped = false;
  let stopping: Promise<void> | undefined;
  const hanging = new Set<ServerResponse>();
  const inFlight = new Set<AbortController>();

  const draw = (calls: Call[]): Drawn | undefined => {
    if (drawOrder.every((kind) => faults[kind] === 0)) {
      return undefined;
    }
    const methods = faults.methods;
    if (
      methods !== undefined &&
      !calls.some((call) => typeof call.method === 'string' && methods.includes(call.method))
    ) {
      return undefined;
    }
    let point = random();
    for (const kind of drawOrder) {
      if (point < faults[kind]) {
        return kind;
      }
      point -= faults[kind];
    }
    return undefined;
  };

  const forward = async (
    body: string,
    res: ServerResponse,
  ): Promise<{ status: number; type: string; text: string } | undefined> => {
    const controller = new AbortController();
    inFlight.add(controller);
    const abandon = () => controller.abort();
    res.once('close', abandon);
    try {
      stats.forwarded += 1;
      const answer = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: controller.signal,
      });
      return {
        status: answer.status,
        type: answer.headers.get('content-type') ?? 'application/json',
        text: await answer.text(),
      };
    } catch (error) {
      if (controller.signal.aborted) {
        return undefined;
      }
      return { status: 502, type: 'text/plain', text: `upstream failed: ${String(error)}` };
    } finally {
      res.off('close', abandon);
      inFlight.delete(controller);
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    stats.received += 1;
    let clientGone = false;
    res.once('close', () => (clientGone = !res.writableFinished));
    const body = await readBody(req);
    if (waiting !== undefined) {
      const queue = waiting;
      await new Promise<void>((resolve) => queue.push(resolve));
    }
    if (stopped || clientGone) {
      req.socket.destroy();
      return;
    }
    if (req.method !== 'POST') {
      send(res, 405, 'JSON-RPC takes POST\n', { allow: 'POST' });
      return;
    }

    let payload: unknown;
    try {
      payload = JSON.parse(body);
    } catch {
      payload = undefined;
    }
    const batch = Array.isArray(payload);
    const calls = payload === undefined ? [] : asCalls(payload);

    const fault = draw(calls);
    if (fault !== undefined) {
      stats.faults[fault] += 1;
    }
    switch (fault) {
      case 'reset':
        req.socket.resetAndDestroy();
        return;
      case 'hang':
        hanging.add(res);
        res.once('close', () => hanging.delete(res));
        return;
      case 'serverError':
        send(res, 500, 'Internal Server Error\n');
        return;
      case 'rateLimit': {
        const answer = (call: Call) => errorAnswer(call, -32005, 'rate limited');
        send(res, 429, batch ? calls.map(answer) : answer(calls[0] ?? {}), { 'retry-after': '1' });
        return;
      }
      case 'rpcError': {
        const answer = (call: Call) => errorAnswer(call, -32603, 'internal error');
        send(res, 200, batch ? calls.map(answer) : answer(calls[0] ?? {}));
        return;
      }
      case undefined:
        break;
    }

    const max = faults.maxLogBlockRange;
    const refused = calls.filter((call) => exceedsRange(call, max));
    stats.faults.blockRange += refused.length;
    const refusal = (call: Call) =>
      errorAnswer(call, -32005, `query exceeds max block range ${max}`);
    if (refused.length === 0) {
      const answer = await forward(body, res);
      if (answer !== undefined) {
        res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.text);
      }
      return;
    }
    if (!batch) {
      send(res, 200, refusal(calls[0] ?? {}));
      return;
    }
    const passed = calls.filter((call) => !refused.includes(call));
    let answers: unknown[] = [];
    if (passed.length > 0) {
      const answer = await forward(JSON.stringify(passed), res);
      if (answer === undefined) {
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(answer.text);
      } catch {
        parsed = undefined;
      }
      if (answer.status !== 200 || !Array.isArray(parsed)) {
        // Not a batch answer (the target failed as a whole): pass that on as it is.
        res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.text);
        return;
      }
      answers = parsed as unknown[];
    }
    // Answers in request order, matched by id, as a provider's would be.
    const byId = new Map(answers.map((answer) => [(answer as Call).id, answer]));
    send(
      res,
      200,
      calls.map((call) => (refused.includes(call) ? refusal(call) : byId.get(call.id))),
    );
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => req.socket.destroy());
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  const resume = () => {
    const queue = waiting ?? [];
    waiting = undefined;
    for (const release of queue) {
      release();
    }
  };

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get stats() {
      return { ...stats, faults: { ...stats.faults } };
    },
    setFaults: (next) => {
      const merged = { ...faults };
      for (const kind of drawOrder) {
        const p = next[kind];
        if (p === undefined) {
          continue;
        }
        if (!(p >= 0 && p <= 1)) {
          throw new RangeError(`fault ${kind} must be a probability 0..1, not ${p}`);
        }
        merged[kind] = p;
      }
      if ('methods' in next) {
        merged.methods = next.methods;
      }
      if ('maxLogBlockRange' in next) {
        merged.maxLogBlockRange = next.maxLogBlockRange;
      }
      faults = merged;
    },
    clearFaults: () => {
      faults = { ...noFaults };
    },
    pause: () => {
      waiting ??= [];
    },
    resume,
    stop: () => {
      stopping ??= (async () => {
        stopped = true;
        resume();
        for (const controller of inFlight) {
          controller.abort();
        }
        for (const res of hanging) {
          res.socket?.destroy();
        }
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await closed;
      })();
      return stopping;
    },
  };
}
