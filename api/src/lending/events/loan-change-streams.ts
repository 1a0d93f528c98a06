import { randomUUID } from 'node:crypto';

import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { Redis } from 'ioredis';
import { z } from 'zod';

import { ENV, type Env } from '../../config/env';
import { REDIS } from '../../redis/redis.module';
import { ChainVerification, type Verification } from '../projection/chain-verification';
import type { LoanEvent } from './loan-events';

/** One committed change of a loan, as `GET /microlending/stream` sends it (`event: loan`). */
export interface LoanChange {
  _id: string;
  loanChainId: string;
  /** Null (with finality and block) when a reorg removed the loan from the chain. */
  status: string | null;
  /** As GET /microlending/requests answers it: `unverified` while the indexer is halted or behind. */
  finality: string | null;
  asOfBlock: number | null;
}

const changesSchema = z.array(
  z.object({
    _id: z.string(),
    loanChainId: z.string(),
    status: z.string().nullable(),
    finality: z.string().nullable(),
    asOfBlock: z.number().nullable(),
  }),
);

/**
 * A message on the channel: the changes and the replica that committed them (which has already
 * sent them to its own streams). A bare array is a replica's from before the origin was sent,
 * during a rolling deploy: delivered as it is.
 */
const messageSchema = z.union([
  z.object({ from: z.string(), changes: changesSchema }),
  changesSchema.transform((changes) => ({ from: null, changes })),
]);

/** How long a browser waits before reconnecting a dropped stream (the SSE `retry` field). */
export const STREAM_RETRY_MS = 2_000;
/** A comment line this often keeps proxies from closing a quiet stream. */
export const STREAM_PING_MS = 15_000;
/** How often, while streams are open, whether the indexer vouches for loan status is read. */
const VERIFICATION_POLL_MS = 1_000;
/** A client this far behind is cut off; it reconnects and refetches what it shows. */
const MAX_BUFFERED_BYTES = 1_000_000;

export const toLoanChange = (event: LoanEvent): LoanChange => ({
  _id: event.loanRequestId,
  loanChainId: event.loanChainId,
  status: event.status,
  finality: event.finality,
  asOfBlock: event.asOfBlock,
});

/**
 * Live loan changes for open pages, across API replicas: every replica sends the changes it
 * commits to the server-sent-event streams open on it at once, and publishes them on one Redis
 * pub/sub channel (under QUEUE_PREFIX), whose one subscriber on each replica fans the other
 * replicas' out to its streams (its own it knows by their origin, and skips). Delivery is best
 * effort: a page that reconnects refetches what it shows, so a message lost while Redis is away
 * costs nothing but freshness.
 *
 * While streams are open it also watches whether the indexer vouches for loan status: when that
 * flips (a halt, a lag past the bound, a resume) every stream gets `event: verification` with
 * `{ verified, reason }`, so pages refetch without waiting for a loan to change; and while it
 * does not, changes go out with finality `unverified`, as the lists answer them.
 */
@Injectable()
export class LoanChangeStreams
  implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly logger = new Logger(LoanChangeStreams.name);
  private readonly channel: string;
  /** This replica, in the messages it publishes. */
  private readonly origin = randomUUID();
  private readonly streams = new Set<Response>();
  private subscriber: Redis | undefined;
  private pinger: NodeJS.Timeout | undefined;
  /** Changes committed in this tick, sent as one message (a backfill commits thousands). */
  private pending = new Map<string, LoanChange>();
  private flushScheduled = false;
  private publishFailing = false;
  private watcher: NodeJS.Timeout | undefined;
  /** Last read while streams were open; undefined before the first read. */
  private verification: Verification | undefined;

  constructor(
    @Inject(ENV) private readonly env: Env,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly verifications: ChainVerification,
  ) {
    this.channel = `${env.QUEUE_PREFIX}:lending:loan-changes`;
  }

  onModuleInit(): void {
    const subscriber = new Redis(this.env.REDIS_URL, {
      connectTimeout: 2_000,
      connectionName: 'lendpath-api-loan-changes',
      // Subscribed again on every (re)connect below, including the first after an outage at boot.
      autoResubscribe: false,
    });
    let down = false;
    subscriber.on('error', (error: Error) => {
      if (!down) {
        down = true;
        this.logger.warn(`loan-change subscriber: Redis unavailable: ${error.message}`);
      }
    });
    subscriber.on('ready', () => {
      down = false;
      subscriber.subscribe(this.channel).catch((error: unknown) => {
        this.logger.warn(`loan-change subscriber: ${(error as Error).message}`);
      });
    });
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) {
        this.received(message);
      }
    });
    this.subscriber = subscriber;
    this.pinger = setInterval(() => this.writeAll(': ping\n\n'), STREAM_PING_MS);
    this.pinger.unref();
    this.watcher = setInterval(() => void this.watchVerification(), VERIFICATION_POLL_MS);
    this.watcher.unref();
  }

  /**
   * Queues a committed change for every replica's open streams. A commit's changes come in one
   * synchronous run (BroadcastLoanChangesHandler), and go out together once it has ended.
   */
  publish(change: LoanChange): void {
    this.pending.set(change._id, change);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      // Not setImmediate: that waited for the event loop's turn (~1 ms under load) on the way
      // to a member watching the loan.
      queueMicrotask(() => void this.flush());
    }
  }

  /** Serves one stream on this response until the client leaves or the API stops. */
  open(request: Request, response: Response): void {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // The connection is the stream's alone: when it ends, the socket goes too (a keep-alive
      // socket left behind would hold the server's close at shutdown).
      connection: 'close',
      // nginx and friends would otherwise hold events back in their buffers.
      'x-accel-buffering': 'no',
    });
    request.socket.setNoDelay(true);
    response.write(`retry: ${STREAM_RETRY_MS}\n\n`);
    this.streams.add(response);
    response.on('close', () => this.streams.delete(response));
  }

  /** Ends every open stream before the HTTP server closes, so none holds the shutdown. */
  beforeApplicationShutdown(): void {
    for (const response of this.streams) {
      response.end();
    }
    this.streams.clear();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.pinger);
    clearInterval(this.watcher);
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    // QUIT only over a live connection; one still (re)connecting would wait for it forever.
    if (subscriber?.status === 'ready') {
      await subscriber.quit();
    } else {
      subscriber?.disconnect();
    }
  }

  private async flush(): Promise<void> {
    const changes = [...this.pending.values()];
    this.pending = new Map();
    this.flushScheduled = false;
    // This replica's streams first: the round trip through Redis was ~1 ms more on the way to
    // them (`npm run bench -w indexer`, realtime).
    this.fanOut(changes);
    try {
      await this.redis.publish(this.channel, JSON.stringify({ from: this.origin, changes }));
      this.publishFailing = false;
    } catch (error) {
      if (!this.publishFailing) {
        this.publishFailing = true;
        this.logger.warn(`loan changes not published: ${(error as Error).message}`);
      }
    }
  }

  /** A message from the channel: another replica's changes, for this one's streams. */
  private received(message: string): void {
    if (this.streams.size === 0) {
      return;
    }
    let parsed: z.infer<typeof messageSchema>;
    try {
      parsed = messageSchema.parse(JSON.parse(message));
    } catch {
      this.logger.warn('ignored a malformed loan-change message');
      return;
    }
    if (parsed.from !== this.origin) {
      this.fanOut(parsed.changes);
    }
  }

  private fanOut(changes: readonly LoanChange[]): void {
    if (this.streams.size === 0) {
      return;
    }
    const unverified = this.verification?.verified === false;
    this.writeAll(
      changes
        .map((change) =>
          unverified && change.finality !== null ? { ...change, finality: 'unverified' } : change,
        )
        .map((change) => `event: loan\ndata: ${JSON.stringify(change)}\n\n`)
        .join(''),
    );
  }

  /** Reads the indexer's standing (cached for a second) and tells every stream when it flips. */
  private async watchVerification(): Promise<void> {
    if (this.streams.size === 0) {
      this.verification = undefined;
      return;
    }
    let now: Verification;
    try {
      now = await this.verifications.current();
    } catch {
      return; // The database is away: the lists say so themselves.
    }
    const before = this.verification;
    this.verification = now;
    if (before !== undefined && before.verified !== now.verified) {
      this.writeAll(`event: verification\ndata: ${JSON.stringify(now)}\n\n`);
    }
  }

  private writeAll(text: string): void {
    for (const response of this.streams) {
      if (response.writableLength > MAX_BUFFERED_BYTES) {
        response.end();
        this.streams.delete(response);
      } else {
        response.write(text);
      }
    }
  }
}
