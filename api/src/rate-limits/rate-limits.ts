import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';

import { DomainError } from '../common/domain-error';
import { ENV, type Env } from '../config/env';
import { REDIS } from '../redis/redis.module';
import { waitText } from './wait-text';

interface Budget {
  limit: number;
  windowSeconds: number;
}

/**
 * What a budget is counted per:
 * - `ip`: the client's address (an IPv6 client's /64, which one subscriber usually holds whole);
 * - `client`: an account's address (email) together with the client's address;
 * - `address`: an account's address, from every client but those it signed in from before;
 * - `member`: a signed-in member.
 */
export type Scope = 'ip' | 'client' | 'address' | 'member';

const minutes = (count: number) => count * 60;

/**
 * Budgets in fixed windows (OWASP ASVS 5 §6.3; NIST SP 800-63B §5.2.2). Per-address brakes are
 * keyed with the client, so nobody can spend an account's budget to lock its owner out; per-IP
 * budgets are wide enough for an office or a carrier's shared address. A success gives its hit
 * back (login, code checks), so the counts are of failures. README "Rate limits" explains them.
 */
export const policies = {
  login: {
    /** Wrong passwords from one client for one account (typos; a guesser on one address). */
    client: { limit: 10, windowSeconds: minutes(15) },
    /**
     * Wrong passwords for one account from every client it never signed in from: the ceiling
     * for guessing spread over many addresses (NIST: at most 100 consecutive failures).
     */
    address: { limit: 100, windowSeconds: minutes(60) },
    /** Wrong passwords from one address, for any accounts: a single host spraying. */
    ip: { limit: 100, windowSeconds: minutes(15) },
  },
  /**
   * Code mails from one address (sign-up, resend, reset), for any accounts. Per account, the code
   * rules allow 5 per purpose per 30 minutes.
   */
  codeRequest: { ip: { limit: 60, windowSeconds: minutes(15) } },
  /** Code checks; each code also dies after 5 attempts, which is what bounds guessing. */
  codeVerification: {
    client: { limit: 10, windowSeconds: minutes(15) },
    ip: { limit: 100, windowSeconds: minutes(15) },
  },
  /** Image uploads per member (refused files count too). */
  imageUpload: { member: { limit: 30, windowSeconds: minutes(60) } },
  /** Wallet sign-in nonces per member (each is one attempt to link a wallet). */
  walletNonce: { member: { limit: 60, windowSeconds: minutes(15) } },
} as const satisfies Record<string, Partial<Record<Scope, Budget>>>;

export type Policy = keyof typeof policies;

/** How long a successful sign-in keeps its client off the per-account ceiling. */
const KNOWN_CLIENT_SECONDS = 30 * 24 * 60 * 60;

export const tooManyRequests = (retryAfterSeconds: number) =>
  new DomainError(
    'RATE.LIMITED',
    `Too many attempts. Please try again in ${waitText(retryAfterSeconds)}.`,
    HttpStatus.TOO_MANY_REQUESTS,
    retryAfterSeconds,
  );

/** Counts one hit in a window; answers the hit count and the window's remaining ms. */
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

/** Gives one hit back, never below zero and never creating a key without a window. */
const GIVE_BACK = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** Who a request is from, as the budgets key it. */
export interface Requester {
  /** The client's address (req.ip, through the trusted proxies only). */
  ip: string;
  /** The account's address the body names, if any. */
  email?: string;
}

/**
 * The network a client's address stands for: IPv4 as is, IPv6 by its /64 (a subscriber's
 * network, inside which a client can pick any address).
 */
export function clientNetwork(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (address.startsWith('::ffff:') && isIPv4(address.slice(7))) {
    return address.slice(7);
  }
  if (!isIPv6(address)) {
    return address;
  }
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** Keys never hold an account's address itself, only a digest of it. */
const digest = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);

@Injectable()
export class RateLimits {
  private readonly logger = new Logger(RateLimits.name);
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENV) env: Env,
  ) {
    this.prefix = `${env.QUEUE_PREFIX}:rate`;
  }

  /**
   * Counts a hit against every scope (`member:…`, `ip:…`, …; each scope names its budget in the
   * policy); 429 with the longest wait if any is over budget.
   */
  async hit(policy: Policy, scopes: readonly string[]): Promise<void> {
    const budgets: Partial<Record<Scope, Budget>> = policies[policy];
    let retryAfterMs = 0;
    for (const scope of scopes) {
      const kind = scope.slice(0, scope.indexOf(':')) as Scope;
      const budget = budgets[kind];
      if (budget === undefined) {
        throw new Error(`policy ${policy} has no ${kind} budget`);
      }
      const [count, ttl] = (await this.redis.eval(
        HIT,
        1,
        this.key(policy, scope),
        budget.windowSeconds * 1000,
      )) as [number, number];
      if (count > budget.limit) {
        retryAfterMs = Math.max(retryAfterMs, ttl);
      }
    }
    if (retryAfterMs > 0) {
      throw tooManyRequests(retryAfterMs / 1000);
    }
  }

  /** Counts an attempt by `requester` against the policy's per-IP and per-account budgets. */
  async attempt(policy: Policy, requester: Requester): Promise<void> {
    await this.hit(policy, await this.scopesOf(policy, requester));
  }

  /**
   * The attempt succeeded: the client's own count starts over, the shared counts get the hit back
   * (so they count failures), and the client is known to the account from now on.
   */
  async succeeded(policy: Policy, requester: Requester): Promise<void> {
    try {
      // Read before the client is marked known, so the hit given back is the one the attempt took.
      for (const scope of await this.scopesOf(policy, requester)) {
        const key = this.key(policy, scope);
        if (scope.startsWith('client:')) {
          await this.redis.del(key);
        } else {
          await this.redis.eval(GIVE_BACK, 1, key);
        }
      }
      if (requester.email !== undefined) {
        await this.redis.set(this.knownKey(requester), '1', 'EX', KNOWN_CLIENT_SECONDS);
      }
    } catch (error) {
      // Forgiving is a courtesy: a Redis hiccup must not fail the sign-in it follows.
      this.logger.warn(`could not clear rate-limit counts: ${(error as Error).message}`);
    }
  }

  private async scopesOf(policy: Policy, { ip, email }: Requester): Promise<string[]> {
    const budgets: Partial<Record<Scope, Budget>> = policies[policy];
    const network = clientNetwork(ip);
    const scopes: string[] = [];
    if (budgets.ip !== undefined) {
      scopes.push(`ip:${network}`);
    }
    if (email !== undefined && budgets.client !== undefined) {
      scopes.push(`client:${digest(email)}:${network}`);
    }
    if (email !== undefined && budgets.address !== undefined) {
      // A client the account signed in from is not held to the ceiling others can exhaust.
      if ((await this.redis.exists(this.knownKey({ ip, email }))) === 0) {
        scopes.push(`address:${digest(email)}`);
      }
    }
    return scopes;
  }

  private key(policy: Policy, scope: string): string {
    return `${this.prefix}:${policy}:${scope}`;
  }

  private knownKey({ ip, email }: Requester): string {
    return `${this.prefix}:known:${digest(email ?? '')}:${clientNetwork(ip)}`;
  }
}
