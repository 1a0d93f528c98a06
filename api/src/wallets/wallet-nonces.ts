import { randomBytes } from 'node:crypto';

import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';

import { ENV, type Env } from '../config/env';
import { REDIS } from '../redis/redis.module';

/**
 * Sign-in nonces (EIP-4361), in Redis under the deployment's prefix: each bound to the member it
 * was issued to (the key names them, so another member's attempt cannot even find it), living
 * WALLET_NONCE_TTL_SECONDS, and used at most once.
 */
@Injectable()
export class WalletNonces {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async issue(userId: string): Promise<{ nonce: string; expiresAt: Date }> {
    // 128 random bits as 32 hex digits: EIP-4361 wants at least 8 alphanumerics.
    const nonce = randomBytes(16).toString('hex');
    const ttl = this.env.WALLET_NONCE_TTL_SECONDS;
    const expiresAt = new Date(Date.now() + ttl * 1000);
    await this.redis.set(this.key(userId, nonce), expiresAt.toISOString(), 'EX', ttl);
    return { nonce, expiresAt };
  }

  /** Takes the nonce atomically (GETDEL): true once, for the member it was issued to. */
  async consume(userId: string, nonce: string): Promise<boolean> {
    return (await this.redis.getdel(this.key(userId, nonce))) !== null;
  }

  private key(userId: string, nonce: string): string {
    return `${this.env.QUEUE_PREFIX}:wallets:nonce:${userId}:${nonce}`;
  }
}
