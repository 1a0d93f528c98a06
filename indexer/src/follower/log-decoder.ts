import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

import { RpcError } from '../chain/rpc-client';
import type { FollowedContract } from './follower.store';
import type { DecodeRequest, DecodeResponse } from './log-worker';

/**
 * The worker's file. Built, it sits beside this one; the test suites run the sources (swc), and
 * the build, which the indexer's test script makes first, holds the worker they start.
 */
const WORKER_FILE = __filename.endsWith('.ts')
  ? join(__dirname, '../../dist/follower/log-worker.js')
  : join(__dirname, 'log-worker.js');

interface Waiting {
  resolve: (answer: unknown) => void;
  reject: (error: Error) => void;
  method: string;
}

/**
 * Parses a backfill's getLogs answers and encodes their events as the event store's rows on a
 * thread of its own ({@link WORKER_FILE}), for RpcClient's `read`. A backfill range is tens of
 * megabytes of JSON: parsing, decoding and encoding it took the indexer's one thread about as long
 * as Postgres took to COPY the rows in (~0.4 s each for the bench's 50,100 events on the 2-core
 * machine), one piece after another; on a thread of its own, the main thread only moves bytes
 * between the node and Postgres while the worker readies the next piece. What comes back is
 * text, which crosses threads as one copy, where the decoded events' objects would be cloned one
 * by one. One worker: the backfill's pieces are committed in order, so a second would only wait.
 *
 * The worker starts on first use and keeps the process alive only while it has work.
 */
export class LogDecoder {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();

  constructor(private readonly contract: Pick<FollowedContract, 'chainId' | 'address'>) {}

  /**
   * RpcClient's `read` for a call of `method` whose results are logs: the answer parsed, each
   * result's events encoded (`EncodedEvents`, event-rows.ts), with `timestamps` (block number → timestamp)
   * for logs that lack `blockTimestamp`; a result it could not encode stays the node's logs.
   */
  reader(
    method: string,
    timestamps: ReadonlyMap<number, number> = new Map(),
  ): (body: Buffer) => Promise<unknown> {
    return (body) => this.decode(method, body, [...timestamps]);
  }

  /**
   * Starts the worker now, not on first use: the warm start does before the app loads, so that
   * the thread boots beside the app instead of after it, when the first answer is ready.
   */
  start(): void {
    this.started();
  }

  /** Stops the worker; calls still waiting fail, and are not asked again (the process is ending). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.fail(() => new Error('the log decoder was closed'));
    await worker?.terminate();
  }

  private decode(method: string, body: Buffer, timestamps: [number, number][]): Promise<unknown> {
    const worker = this.started();
    const id = this.nextId++;
    // Moved, not copied: a buffer that owns its memory is handed over whole.
    const owned =
      body.byteOffset === 0 && body.byteLength === body.buffer.byteLength
        ? (body.buffer as ArrayBuffer)
        : new Uint8Array(body).buffer;
    const request: DecodeRequest = { id, body: owned, timestamps, ...this.contract };
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, method });
      worker.ref();
      worker.postMessage(request, [owned]);
    });
  }

  private started(): Worker {
    if (this.worker !== undefined) {
      return this.worker;
    }
    const worker = new Worker(WORKER_FILE);
    worker.unref();
    worker.on('message', (response: DecodeResponse) => this.answered(response));
    // A worker that dies takes its calls with it (they fail as transient: the follower asks
    // again); the next call starts another. One closed or replaced already has nothing to fail.
    const lost = (error: Error) => {
      if (this.worker === worker) {
        this.worker = undefined;
        this.fail((method) => new RpcError('transient', method, error.message));
      }
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the log worker exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private answered(response: DecodeResponse): void {
    const waiting = this.waiting.get(response.id);
    if (waiting === undefined) {
      return;
    }
    this.waiting.delete(response.id);
    if (this.waiting.size === 0) {
      this.worker?.unref();
    }
    if ('answer' in response) {
      waiting.resolve(response.answer);
    } else if (response.failure === 'not-json') {
      waiting.reject(new RpcError('transient', waiting.method, 'the answer is not JSON'));
    } else {
      waiting.reject(new Error(response.message));
    }
  }

  private fail(reason: (method: string) => Error): void {
    for (const { method, reject } of this.waiting.values()) {
      reject(reason(method));
    }
    this.waiting.clear();
  }
}
