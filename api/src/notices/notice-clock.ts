import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { Redis } from 'ioredis';

import { ENV, type Env } from '../config/env';
import { REDIS } from '../redis/redis.module';

/**
 * Where the adjustable clock's offset (ms ahead of real time) is kept: in Redis, so every API
 * process reads the same time. Tests write it as they move the chain's time.
 */
export const noticeClockKey = (queuePrefix: string): string =>
  `${queuePrefix}:notices:clock-offset-ms`;

/** How often an adjustable clock looks whether a test moved it. */
const POLL_MS = 200;
/**
 * A jump is announced twice, the second time this much later: a job a process took with the
 * old time in the moment of the jump has by then been put back to wait, and is timed again.
 */
const SETTLE_MS = 1_000;

/**
 * The time loan notices go by: real time in production (`NOTICE_CLOCK=system`). With
 * `NOTICE_CLOCK=adjustable` (refused in production) it is real time plus an offset tests keep in
 * Redis ({@link noticeClockKey}) and move together with the chain's time (Hardhat's
 * `evm_increaseTime`), so a notice due in four days is due four days of chain time later, now.
 * Each process reads the offset every {@link POLL_MS} and tells its listeners when it jumped.
 */
@Injectable()
export class NoticeClock implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(NoticeClock.name);
  private offsetMs = 0;
  private poller: NodeJS.Timeout | undefined;
  private readonly listeners: (() => void)[] = [];
  private readonly key: string;

  constructor(
    @Inject(ENV) private readonly env: Env,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.key = noticeClockKey(env.QUEUE_PREFIX);
  }

  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** Calls `listener` after the clock jumped (never with the system clock). */
  onJump(listener: () => void): void {
    this.listeners.push(listener);
  }

  async onModuleInit(): Promise<void> {
    if (this.env.NOTICE_CLOCK !== 'adjustable') {
      return;
    }
    this.logger.warn('loan notices go by an adjustable clock (NOTICE_CLOCK=adjustable)');
    await this.read();
    this.poller = setInterval(() => void this.read(), POLL_MS);
    this.poller.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.poller);
  }

  private async read(): Promise<void> {
    let offset: number;
    try {
      offset = Number((await this.redis.get(this.key)) ?? 0);
    } catch {
      return; // Redis is away: the time stays as it was.
    }
    if (!Number.isFinite(offset) || offset === this.offsetMs) {
      return;
    }
    this.offsetMs = offset;
    const announce = () => this.listeners.forEach((listener) => listener());
    announce();
    setTimeout(announce, SETTLE_MS).unref();
  }
}
