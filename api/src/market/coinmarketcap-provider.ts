import { setTimeout as sleep } from 'node:timers/promises';

import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { z } from 'zod';

import { describeFetchError } from '../common/fetch-errors';
import type { Env } from '../config/env';
import { marketStatSchema, parseQuotes, type Quotes } from './coinmarketcap-quotes';
import { MARKET_COIN_IDS, type MarketStats } from './market-stats';
import type { MarketStatsProvider } from './market-stats-provider';
import { SnapshotProvider, snapshotStats } from './snapshot-provider';

/** CoinMarketCap is asked again once its answer is this old, and never sooner by anyone. */
export const MARKET_FRESH_MS = 60_000;
/** How long an answer is kept to serve while CoinMarketCap is failing: any real quote beats the sample. */
const KEEP_SECONDS = 7 * 24 * 60 * 60;
/** At most one log line per this long while CoinMarketCap or Redis keeps failing. */
const REPORT_EVERY_MS = 60_000;
/** How often a replica waiting for another one's call looks for its answer. */
const POLL_MS = 50;

/** Where the last answer is cached, under the deployment's Redis prefix. */
export const marketCacheKey = (prefix: string) => `${prefix}:market:quotes`;
/**
 * Held (SET NX PX) by whoever calls CoinMarketCap, for a minute: the one gate every replica
 * shares, so CoinMarketCap is called at most once a minute, whatever the outcome of the call.
 */
export const marketGateKey = (prefix: string) => `${prefix}:market:quotes:gate`;

/** The gate's value while its holder is calling; it turns {@link GATE_FAILED} if the call fails. */
const GATE_CALLING = 'calling';
const GATE_FAILED = 'failed';

/** The last answer and when it arrived. Parsed on read: a foreign or stale shape is a miss. */
const cachedQuotesSchema = z.object({
  fetchedAt: z.number(),
  asOf: z.string(),
  stats: z.array(marketStatSchema),
});
type CachedQuotes = z.infer<typeof cachedQuotesSchema>;

export interface CoinMarketCapOptions {
  /** Base URL; quotes are at `{url}/v2/cryptocurrency/quotes/latest`. */
  url: string;
  apiKey: string;
  /** Bounds the whole call, body included, and how long a replica waits for another's call. */
  timeoutMs: number;
  cacheKey: string;
  gateKey: string;
  freshMs?: number;
}

/**
 * CoinMarketCap's quotes/latest over HTTP, for the five market coins.
 *
 * Answers are cached in Redis and fresh for a minute. Past that, a replica must win the gate to
 * ask again; the others serve the cached answer (stale) meanwhile, or, with nothing cached yet,
 * wait up to the timeout for the winner's answer. A failed call (timeout, HTTP error, refused key,
 * an answer not in the v2 format) serves the last cached answer, marked stale, or the snapshot.
 * With Redis away there is no gate, so nobody calls: the process serves what it last saw.
 */
export class CoinMarketCapProvider implements MarketStatsProvider {
  private readonly logger = new Logger('CoinMarketCap');
  private readonly freshMs: number;
  private lastReportAt = Number.NEGATIVE_INFINITY;
  private unreported = 0;
  /** Concurrent requests share one look-up (and so at most one call). */
  private inFlight: Promise<MarketStats> | null = null;
  /** The newest answer this process has seen: what it serves while Redis cannot be read. */
  private lastSeen: CachedQuotes | null = null;

  constructor(
    private readonly options: CoinMarketCapOptions,
    private readonly redis: Redis,
  ) {
    this.freshMs = options.freshMs ?? MARKET_FRESH_MS;
  }

  latest(): Promise<MarketStats> {
    this.inFlight ??= this.lookUp().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async lookUp(): Promise<MarketStats> {
    let cached: CachedQuotes | null = null;
    let won: boolean;
    try {
      cached = await this.readCache();
      if (cached !== null && this.isFresh(cached)) {
        return this.serve(cached);
      }
      won = await this.takeGate();
    } catch (error) {
      return this.fallBack(
        `Redis unavailable (${describeFetchError(error, this.options.timeoutMs)})`,
        cached ?? this.lastSeen,
      );
    }
    if (!won) {
      return cached !== null ? this.serve(cached) : this.awaitOtherCall();
    }
    let quotes: Quotes;
    try {
      quotes = await this.fetchQuotes();
    } catch (error) {
      await this.markCallFailed();
      return this.fallBack(
        `unavailable (${describeFetchError(error, this.options.timeoutMs)})`,
        cached,
      );
    }
    const answer = { fetchedAt: Date.now(), ...quotes };
    await this.writeCache(answer);
    return this.serve(answer);
  }

  private async fetchQuotes(): Promise<Quotes> {
    const base = this.options.url.replace(/\/+$/, '');
    const response = await fetch(
      `${base}/v2/cryptocurrency/quotes/latest?id=${MARKET_COIN_IDS.join(',')}&convert=USD`,
      {
        headers: { 'X-CMC_PRO_API_KEY': this.options.apiKey, accept: 'application/json' },
        // Covers the body too: a server that sends headers and then stalls times out as well.
        signal: AbortSignal.timeout(this.options.timeoutMs),
      },
    );
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`answered HTTP ${response.status}`);
    }
    return parseQuotes(await response.json());
  }

  /** True when this process may call CoinMarketCap now; false when someone did within a minute. */
  private async takeGate(): Promise<boolean> {
    const taken = await this.redis.set(
      this.options.gateKey,
      GATE_CALLING,
      'PX',
      this.freshMs,
      'NX',
    );
    return taken === 'OK';
  }

  /** Tells replicas waiting for this call that no answer is coming (the gate stays shut). */
  private async markCallFailed(): Promise<void> {
    try {
      await this.redis.set(this.options.gateKey, GATE_FAILED, 'KEEPTTL', 'XX');
    } catch {
      // The waiting replicas give up at their timeout instead.
    }
  }

  /**
   * Another replica (or an earlier request here) holds the gate and nothing is cached yet: wait
   * for its answer, up to the timeout, and serve the snapshot if none comes.
   */
  private async awaitOtherCall(): Promise<MarketStats> {
    const deadline = Date.now() + this.options.timeoutMs;
    for (;;) {
      let raw: string | null | undefined;
      let gate: string | null | undefined;
      try {
        [raw, gate] = await this.redis.mget(this.options.cacheKey, this.options.gateKey);
      } catch (error) {
        return this.fallBack(
          `Redis unavailable (${describeFetchError(error, this.options.timeoutMs)})`,
          this.lastSeen,
        );
      }
      const cached = this.parseCached(raw ?? null);
      if (cached !== null) {
        return this.serve(cached);
      }
      if (gate !== GATE_CALLING || Date.now() + POLL_MS > deadline) {
        break;
      }
      await sleep(POLL_MS);
    }
    return snapshotStats();
  }

  private serve(answer: CachedQuotes): MarketStats {
    if (this.lastSeen === null || answer.fetchedAt > this.lastSeen.fetchedAt) {
      this.lastSeen = answer;
    }
    return {
      data: answer.stats,
      source: this.isFresh(answer) ? 'coinmarketcap' : 'coinmarketcap-stale',
      asOf: answer.asOf,
    };
  }

  private fallBack(problem: string, answer: CachedQuotes | null): MarketStats {
    const served = answer !== null ? this.serve(answer) : snapshotStats();
    this.report(problem, served.source);
    return served;
  }

  private isFresh(answer: CachedQuotes): boolean {
    return Date.now() - answer.fetchedAt < this.freshMs;
  }

  /** Throws when Redis cannot be read; an unreadable entry is a miss. */
  private async readCache(): Promise<CachedQuotes | null> {
    return this.parseCached(await this.redis.get(this.options.cacheKey));
  }

  private parseCached(raw: string | null): CachedQuotes | null {
    if (raw === null) {
      return null;
    }
    try {
      const parsed = cachedQuotesSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  private async writeCache(answer: CachedQuotes): Promise<void> {
    try {
      await this.redis.set(this.options.cacheKey, JSON.stringify(answer), 'EX', KEEP_SECONDS);
    } catch {
      // Redis reports its own outage; the answer is served uncached (this process keeps it).
    }
  }

  /** Failures can repeat on every request for a while; say so once a minute, not every time. */
  private report(problem: string, served: MarketStats['source']): void {
    const now = Date.now();
    if (now - this.lastReportAt < REPORT_EVERY_MS) {
      this.unreported += 1;
      return;
    }
    const also = this.unreported > 0 ? ` (and ${this.unreported} more failures since)` : '';
    const serving = served === 'snapshot' ? 'the snapshot' : 'the last quotes it answered';
    this.logger.warn(`${problem}${also}; serving ${serving}`);
    this.lastReportAt = now;
    this.unreported = 0;
  }
}

/** CoinMarketCap when a key is configured, else the shipped snapshot alone. */
export function marketStatsProviderFor(env: Env, redis: Redis): MarketStatsProvider {
  if (env.CMC_API_KEY === undefined) {
    return new SnapshotProvider();
  }
  return new CoinMarketCapProvider(
    {
      url: env.CMC_URL,
      apiKey: env.CMC_API_KEY,
      timeoutMs: env.CMC_TIMEOUT_MS,
      cacheKey: marketCacheKey(env.QUEUE_PREFIX),
      gateKey: marketGateKey(env.QUEUE_PREFIX),
    },
    redis,
  );
}
