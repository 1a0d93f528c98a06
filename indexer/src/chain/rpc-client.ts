import { Agent as HttpAgent, type IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';

/** Why an RPC call failed, as the follower needs to know it. */
export type RpcFailure =
  /** Worth retrying: a network error, a 5xx, a timeout, an internal node error. */
  | 'transient'
  /** The provider asks us to slow down (HTTP 429 or its JSON-RPC equivalent). */
  | 'rate-limited'
  /** getLogs covered too many blocks or results: retry with a smaller range. */
  | 'range'
  /** Retrying cannot help: bad parameters, an unknown method, a malformed answer. */
  | 'fatal';

export class RpcError extends Error {
  constructor(
    readonly failure: RpcFailure,
    readonly method: string,
    message: string,
    /** For `range`: the largest block span the provider suggested, when it named one. */
    readonly suggestedRange?: number,
  ) {
    super(`${method}: ${message}`);
    this.name = 'RpcError';
  }
}

export interface RpcCall {
  method: string;
  params: unknown[];
}

interface JsonRpcAnswer {
  id?: number;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

export interface RpcClientOptions {
  url: string;
  timeoutMs: number;
  retries: number;
  /** Called once per HTTP round trip, for metrics. */
  observe?: (method: string, seconds: number, failure: RpcFailure | undefined) => void;
}

// Providers phrase "too many logs" differently; these cover Alchemy, Infura, QuickNode, Arbitrum
// and geth/erigon/reth wordings.
const RANGE_MESSAGE =
  /range|limit|too many|more than|exceed|response size|max results|query timeout|block range/i;

function classify(method: string, error: { code: number; message: string }): RpcError {
  const { code, message } = error;
  if (code === 429 || /rate.?limit|too many requests|capacity/i.test(message)) {
    return new RpcError('rate-limited', method, message);
  }
  if (method === 'eth_getLogs' && (code === -32005 || RANGE_MESSAGE.test(message))) {
    const hint = /\[(0x[0-9a-f]+),\s*(0x[0-9a-f]+)\]/i.exec(message);
    const max = /(?:max(?:imum)?[^0-9]{0,20}|up to |range of )(\d+)/i.exec(message);
    const suggested =
      hint !== null
        ? Number(BigInt(hint[2] as string) - BigInt(hint[1] as string)) + 1
        : max !== null
          ? Number(max[1])
          : undefined;
    return new RpcError('range', method, message, suggested);
  }
  if (code === -32601 || code === -32602 || code === -32600 || code === -32700) {
    return new RpcError('fatal', method, message);
  }
  return new RpcError('transient', method, message);
}

/** An HTTP answer, read whole. */
interface Posted {
  status: number;
  /** The body as it came, made text only when it is parsed. */
  chunks: Buffer[];
}

/** How one call (or batch) is sent and its answer taken. */
interface Exchange {
  /** Told once the request's bytes are with the operating system (or it failed). */
  onSent?: () => void;
  /** The answer is parsed only once this has settled (see {@link RpcClient.call}). */
  parseAfter?: Promise<unknown>;
  /**
   * Parses the answer's body instead of `JSON.parse` on this thread (the follower's log decoder,
   * follower/log-decoder.ts, does it on a thread of its own); fails with RpcError for a body that is
   * not JSON.
   */
  read?: (body: Buffer) => Promise<unknown>;
}

/** How a call's answer is taken: see {@link Exchange}. */
export type AnswerOptions = Pick<Exchange, 'parseAfter' | 'read'>;

/**
 * POSTs JSON to `url` over kept-alive connections, the whole exchange bounded by `timeoutMs`.
 * `node:http` rather than `fetch`: undici's streams took 0.4–1 s longer to read a backfill's
 * 50 MB getLogs answer from a local node (2.4–3.0 s against 1.9–2.0 s; curl 1.5–1.8 s), and
 * about half a millisecond longer for each small realtime call.
 */
function poster(
  url: string,
): (body: string, timeoutMs: number, onSent?: () => void) => Promise<Posted> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const request = secure ? httpsRequest : httpRequest;
  return (body, timeoutMs, onSent) =>
    new Promise((resolve, reject) => {
      const signal = AbortSignal.timeout(timeoutMs);
      const failed = (error: Error) =>
        reject(
          signal.aborted ? Object.assign(new Error('timed out'), { name: 'TimeoutError' }) : error,
        );
      const answered = (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, chunks }));
        response.on('error', failed);
        // Cut off mid-answer (the node went away, the timeout struck): no 'end' will come.
        response.on('close', () => {
          if (!response.complete) {
            failed(new Error('the answer was cut off'));
          }
        });
      };
      request(target, {
        method: 'POST',
        agent,
        signal,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      })
        .on('response', answered)
        .on('error', failed)
        // The request's bytes are with the operating system.
        .on('finish', () => onSent?.())
        .end(body);
    });
}

/** A preloaded answer is taken by the same calls read the same way (as logs or as rows). */
const preloadKey = (calls: readonly RpcCall[], { read }: AnswerOptions) =>
  `${read === undefined ? 'json' : 'read'}:${JSON.stringify(calls)}`;

/**
 * A small JSON-RPC client for the follower: every call has a timeout; transient failures and
 * rate limits are retried with exponential backoff and jitter (rate limits also slow every later
 * call down); range errors go straight back to the caller, which shrinks its range. Answers are
 * the node's raw JSON: the follower decodes only what it stores, which is what makes backfill
 * fast (viem's log formatting and decoding were the slowest stage of a plain script).
 */
export class RpcClient {
  private nextId = 1;
  /** Extra delay before every call while a provider is rate limiting us; decays on success. */
  private throttleMs = 0;
  private readonly post: ReturnType<typeof poster>;
  /** Answers asked for ahead of need ({@link preload}), by their calls' JSON. */
  private readonly preloaded = new Map<string, Promise<unknown[]>>();

  constructor(private readonly options: RpcClientOptions) {
    this.post = poster(options.url);
  }

  /**
   * One call. With `parseAfter`, its answer is read off the wire as it comes but parsed only once
   * `parseAfter` has settled: answers asked for together and used one after another (a backfill
   * range's pieces) are parsed in that order. Parsed as each arrives, the pieces' answers are
   * taken in whatever order the node finishes them, and the one needed first may wait for all.
   */
  async call<T>(method: string, params: unknown[], options: AnswerOptions = {}): Promise<T> {
    const [answer] = await this.send([{ method, params }], options);
    return answer as T;
  }

  /** Several calls in one HTTP round trip; the answers come back in the calls' order. */
  batch(calls: readonly RpcCall[], options: AnswerOptions = {}): Promise<unknown[]> {
    return calls.length === 0 ? Promise.resolve([]) : this.send(calls, options);
  }

  /**
   * Sends `calls` now, for a later `call` or `batch` of exactly the same calls, made within
   * `keepMs`, to take instead of asking again: the indexer's first reads go out while its app is
   * still loading (follower/warm-start.ts). Each answer is taken once, and one that failed is
   * asked for again by whoever takes it. `sent` resolves once the request is with the operating
   * system (or has failed): a caller about to block its event loop, loading modules, knows then
   * that the node is already working on it.
   */
  preload(
    calls: readonly RpcCall[],
    keepMs: number,
    options: AnswerOptions = {},
  ): { answers: Promise<unknown[]>; sent: Promise<void> } {
    const key = preloadKey(calls, options);
    let written = () => undefined as void;
    const sent = new Promise<void>((resolve) => (written = resolve));
    const answers = this.ask(calls, { ...options, onSent: written });
    answers.then(written, written);
    this.preloaded.set(key, answers);
    setTimeout(() => {
      if (this.preloaded.get(key) === answers) {
        this.preloaded.delete(key);
      }
    }, keepMs).unref();
    return { answers, sent };
  }

  private send(calls: readonly RpcCall[], options: AnswerOptions): Promise<unknown[]> {
    if (this.preloaded.size > 0) {
      const key = preloadKey(calls, options);
      const early = this.preloaded.get(key);
      if (early !== undefined) {
        this.preloaded.delete(key);
        return early.catch(() => this.ask(calls, options));
      }
    }
    return this.ask(calls, options);
  }

  private async ask(calls: readonly RpcCall[], exchange: Exchange = {}): Promise<unknown[]> {
    let attempt = 0;
    for (;;) {
      try {
        const answers = await this.once(calls, exchange);
        this.throttleMs = Math.floor(this.throttleMs / 2);
        return answers;
      } catch (error) {
        if (!(error instanceof RpcError)) {
          // Not the node's doing (a `read` refusing what it was given, a log the decoder cannot
          // decode): asking again would get the same answer.
          throw error;
        }
        const failure = error.failure;
        if (failure === 'rate-limited') {
          this.throttleMs = Math.min(5_000, Math.max(100, this.throttleMs * 2));
        }
        if (failure === 'range' || failure === 'fatal' || attempt >= this.options.retries) {
          throw error;
        }
        attempt++;
        // Full jitter: replicas that failed together do not retry together.
        const ceiling = Math.min(10_000, 100 * 2 ** attempt);
        await sleep(Math.round(Math.random() * ceiling) + this.throttleMs);
      }
    }
  }

  private async once(
    calls: readonly RpcCall[],
    { onSent, parseAfter, read }: Exchange,
  ): Promise<unknown[]> {
    if (this.throttleMs > 0) {
      await sleep(this.throttleMs);
    }
    const method = calls.length === 1 ? (calls[0] as RpcCall).method : `batch(${calls[0]?.method})`;
    const first = this.nextId;
    this.nextId += calls.length;
    const body = calls.map((call, i) => ({
      jsonrpc: '2.0',
      id: first + i,
      method: call.method,
      params: call.params,
    }));
    const started = performance.now();
    let answered: number | undefined;
    let failure: RpcFailure | undefined;
    try {
      let response: Posted;
      try {
        response = await this.post(
          JSON.stringify(calls.length === 1 ? body[0] : body),
          this.options.timeoutMs,
          onSent,
        );
      } catch (error) {
        const reason = (error as Error).name === 'TimeoutError' ? 'timed out' : String(error);
        throw new RpcError('transient', method, reason);
      }
      answered = performance.now();
      const { status, chunks } = response;
      if (status === 429) {
        throw new RpcError('rate-limited', method, 'HTTP 429');
      }
      if (status < 200 || status >= 300) {
        throw new RpcError(status >= 500 ? 'transient' : 'fatal', method, `HTTP ${status}`);
      }
      if (parseAfter !== undefined) {
        await parseAfter.then(
          () => undefined,
          () => undefined,
        );
      }
      let parsed: unknown;
      if (read !== undefined) {
        parsed = await read(Buffer.concat(chunks));
      } else {
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          throw new RpcError('transient', method, 'the answer is not JSON');
        }
      }
      const answers = (Array.isArray(parsed) ? parsed : [parsed]) as JsonRpcAnswer[];
      const byId = new Map(answers.map((answer) => [answer.id, answer]));
      return calls.map((call, i) => {
        const answer = byId.get(first + i);
        if (answer === undefined) {
          throw new RpcError('transient', call.method, 'no answer in the batch');
        }
        if (answer.error !== undefined) {
          throw classify(call.method, answer.error);
        }
        return answer.result;
      });
    } catch (error) {
      failure = error instanceof RpcError ? error.failure : 'transient';
      throw error;
    } finally {
      this.options.observe?.(
        calls.length === 1 ? (calls[0] as RpcCall).method : 'batch',
        // The round trip: not the wait for parseAfter, nor the parse.
        ((answered ?? performance.now()) - started) / 1000,
        failure,
      );
    }
  }
}
