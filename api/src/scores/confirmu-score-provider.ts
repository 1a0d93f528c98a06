import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { z } from 'zod';

import { describeFetchError } from '../common/fetch-errors';
import type { Env } from '../config/env';
import { type MemberScore, memberScoresSchema } from './member-score';
import type { ScoreProvider } from './score-provider';

/** ConfirmU is asked again once its answer is this old. */
export const CONFIRMU_FRESH_MS = 60_000;
/** How long an answer is kept to serve while ConfirmU is failing. */
const KEEP_SECONDS = 24 * 60 * 60;
/** At most one log line per this long while ConfirmU keeps failing. */
const REPORT_EVERY_MS = 60_000;

/** Where the last answer is cached, under the deployment's Redis prefix. */
export const confirmuCacheKey = (prefix: string) => `${prefix}:scores:confirmu`;

/** The last answer and whom it was for. Parsed on read: a foreign or stale shape is a miss. */
const cachedAnswerSchema = z.object({
  fetchedAt: z.number(),
  userIds: z.array(z.string()),
  scores: memberScoresSchema,
});
type CachedAnswer = z.infer<typeof cachedAnswerSchema>;

export interface ConfirmuOptions {
  /** Base URL; scores are at `{url}/scores`. */
  url: string;
  apiKey: string;
  timeoutMs: number;
  cacheKey: string;
}

/**
 * ConfirmU over HTTP: `GET {url}/scores?userIds=a,b` with the API key as a bearer token.
 *
 * The answer is cached in Redis: fresh for a minute (every API replica shares it), then kept as
 * the last known good answer, served while ConfirmU times out, errs, refuses the key or answers
 * something that is not a score list. Only with nothing cached does it give up (null), and the
 * caller falls back to the platform's own score.
 */
export class ConfirmuScoreProvider implements ScoreProvider {
  private readonly logger = new Logger('ConfirmU');
  private lastReportAt = Number.NEGATIVE_INFINITY;
  private unreported = 0;
  /** Concurrent requests for the same members share one upstream call. */
  private readonly inFlight = new Map<string, Promise<MemberScore[] | null>>();

  constructor(
    private readonly options: ConfirmuOptions,
    private readonly redis: Redis,
  ) {}

  scoresFor(userIds: readonly string[]): Promise<MemberScore[] | null> {
    const ids = [...new Set(userIds)].sort();
    const flightKey = ids.join(',');
    let answer = this.inFlight.get(flightKey);
    if (answer === undefined) {
      answer = this.lookUp(ids).finally(() => this.inFlight.delete(flightKey));
      this.inFlight.set(flightKey, answer);
    }
    return answer;
  }

  private async lookUp(userIds: string[]): Promise<MemberScore[] | null> {
    if (userIds.length === 0) {
      return [];
    }
    const cached = await this.readCache();
    if (
      cached !== null &&
      Date.now() - cached.fetchedAt < CONFIRMU_FRESH_MS &&
      userIds.every((id) => cached.userIds.includes(id))
    ) {
      return cached.scores;
    }
    let scores: MemberScore[];
    try {
      scores = await this.fetchScores(userIds);
    } catch (error) {
      this.report(error, cached !== null);
      return cached?.scores ?? null;
    }
    await this.writeCache({ fetchedAt: Date.now(), userIds, scores });
    return scores;
  }

  private async fetchScores(userIds: string[]): Promise<MemberScore[]> {
    const base = this.options.url.replace(/\/+$/, '');
    const response = await fetch(
      `${base}/scores?userIds=${userIds.map(encodeURIComponent).join(',')}`,
      {
        headers: { authorization: `Bearer ${this.options.apiKey}`, accept: 'application/json' },
        // Covers the body too: a server that sends headers and then stalls times out as well.
        signal: AbortSignal.timeout(this.options.timeoutMs),
      },
    );
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`answered HTTP ${response.status}`);
    }
    const parsed = memberScoresSchema.safeParse(await response.json());
    if (!parsed.success) {
      throw new Error('answered something other than a list of { userId, totalScore }');
    }
    return parsed.data;
  }

  /** A Redis outage makes the cache a miss, never an error: scores still come from somewhere. */
  private async readCache(): Promise<CachedAnswer | null> {
    try {
      const raw = await this.redis.get(this.options.cacheKey);
      if (raw === null) {
        return null;
      }
      const parsed = cachedAnswerSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  private async writeCache(answer: CachedAnswer): Promise<void> {
    try {
      await this.redis.set(this.options.cacheKey, JSON.stringify(answer), 'EX', KEEP_SECONDS);
    } catch {
      // Redis reports its own outage; the answer is served uncached.
    }
  }

  /** ConfirmU can fail on every request for a while; say so once a minute, not every time. */
  private report(error: unknown, servingCache: boolean): void {
    const now = Date.now();
    if (now - this.lastReportAt < REPORT_EVERY_MS) {
      this.unreported += 1;
      return;
    }
    const also = this.unreported > 0 ? ` (and ${this.unreported} more failures since)` : '';
    this.logger.warn(
      `unavailable (${describeFetchError(error, this.options.timeoutMs)})${also}; serving ${servingCache ? 'its last cached scores' : 'platform scores'}`,
    );
    this.lastReportAt = now;
    this.unreported = 0;
  }
}

/** The configured score provider, or null when ConfirmU is not configured. */
export function scoreProviderFor(env: Env, redis: Redis): ScoreProvider | null {
  const { CONFIRMU_URL: url, CONFIRMU_API_KEY: apiKey } = env;
  // loadEnv refuses a URL without a key; both or neither are set here.
  if (url === undefined || apiKey === undefined) {
    return null;
  }
  return new ConfirmuScoreProvider(
    {
      url,
      apiKey,
      timeoutMs: env.CONFIRMU_TIMEOUT_MS,
      cacheKey: confirmuCacheKey(env.QUEUE_PREFIX),
    },
    redis,
  );
}
