import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';

import { DomainError } from '../common/domain-error';
import { ENV, type Env } from '../config/env';
import { REDIS } from '../redis/redis.module';

/** Per-IP and per-account budgets, in fixed windows (OWASP ASVS 5 §6.3). */
export const policies = {
  /** 25 login attempts per 5 minutes, per IP and per address. */
  login: { limit: 25, windowSeconds: 5 * 60 },
  /** Code sends per IP (per address, the code rules already allow 5 per 30 minutes). */
  codeRequest: { limit: 20, windowSeconds: 15 * 60 },
  /** Code checks per IP and per address, across codes. */
  codeVerification: { limit: 25, windowSeconds: 15 * 60 },
  /** Image uploads per member (refused files count too). */
  imageUpload: { limit: 30, windowSeconds: 60 * 60 },
  /** Wallet sign-in nonces per member (each is one attempt to link a wallet). */
  walletNonce: { limit: 60, windowSeconds: 15 * 60 },
} as const;

export type Policy = keyof typeof policies;

export const tooManyRequests = (retryAfterSeconds: number) =>
  new DomainError(
    'RATE.LIMITED',
    'Too many attempts. Please wait a moment and try again.',
    HttpStatus.TOO_MANY_REQUESTS,
    retryAfterSeconds,
  );

/** Counts one hit in each window; answers the hit count and the window's remaining ms. */
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

@Injectable()
export class RateLimits {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** Counts a hit against every scope (e.g. `ip:…`, `email:…`); 429 if any is over budget. */
  async hit(policy: Policy, scopes: readonly string[]): Promise<void> {
    const { limit, windowSeconds } = policies[policy];
    let retryAfterMs = 0;
    for (const scope of scopes) {
      const key = `${this.env.QUEUE_PREFIX}:rate:${policy}:${scope}`;
      const [count, ttl] = (await this.redis.eval(HIT, 1, key, windowSeconds * 1000)) as [
        number,
        number,
      ];
      if (count > limit) {
        retryAfterMs = Math.max(retryAfterMs, ttl);
      }
    }
    if (retryAfterMs > 0) {
      throw tooManyRequests(retryAfterMs / 1000);
    }
  }
}
