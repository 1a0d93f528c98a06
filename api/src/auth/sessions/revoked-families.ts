import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';

import { ENV, type Env } from '../../config/env';
import { REDIS } from '../../redis/redis.module';

/**
 * How long past its family's revocation an access token may still be presented: its lifetime, plus
 * a minute for clocks of API replicas that disagree (a token's `exp` is the issuer's clock).
 */
const CLOCK_SKEW_SECONDS = 60;

/**
 * Which sign-ins (refresh families) have ended, for the access-token check of every replica.
 *
 * Postgres (`refresh_sessions.revoked_at`) is the record; Redis holds one key per family revoked
 * within an access token's lifetime, so a check is one round trip (MGET, well under a
 * millisecond) and every replica sees a revocation as soon as it is written. A revoked family is
 * never issued another token, so its mark needs no time to compare with `iat`: every token of it
 * is dead, whatever second it was issued in, and a new sign-in is a new family.
 *
 * Redis may lose the marks (a restart without persistence, an older snapshot, a flush). A
 * sentinel key says the marks were written from Postgres; when it is missing, and whenever the
 * connection comes back, the marks of the last lifetime are written again from Postgres before
 * a check trusts Redis. While Redis is away, checks ask Postgres.
 */
@Injectable()
export class RevokedFamilies implements OnModuleDestroy {
  private readonly logger = new Logger(RevokedFamilies.name);
  private readonly prefix: string;
  private readonly seededKey: string;
  private readonly lifetimeSeconds: number;
  /** The seeding under way, which checks wait for. */
  private seeding: Promise<void> | undefined;
  /** The checks of this turn of the event loop: their keys (the sentinel first) and answer. */
  private batch: { keys: string[]; values: Promise<(string | null)[]> } | undefined;
  private readonly onReady = () => {
    this.reseed().catch((error: unknown) => {
      this.logger.warn(`could not reseed revoked sessions: ${(error as Error).message}`);
    });
  };

  constructor(
    private readonly dataSource: DataSource,
    @Inject(ENV) env: Env,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.prefix = `${env.QUEUE_PREFIX}:session:revoked:`;
    this.seededKey = `${env.QUEUE_PREFIX}:session:revocations-seeded`;
    this.lifetimeSeconds = env.ACCESS_TOKEN_TTL_SECONDS + CLOCK_SKEW_SECONDS;
    // A reconnect may be to a Redis that restarted with none (or old) marks.
    redis.on('ready', this.onReady);
  }

  onModuleDestroy(): void {
    this.redis.off('ready', this.onReady);
  }

  /** Marks families whose revocation has just been committed to Postgres. */
  async mark(familyIds: readonly string[]): Promise<void> {
    if (familyIds.length === 0) {
      return;
    }
    try {
      const pipeline = this.redis.pipeline();
      for (const familyId of familyIds) {
        pipeline.set(this.prefix + familyId, '1', 'EX', this.lifetimeSeconds);
      }
      const results = (await pipeline.exec()) ?? [];
      const failed = results.find(([error]) => error !== null);
      if (failed !== undefined) {
        throw failed[0] as Error;
      }
    } catch (error) {
      // Postgres has it: replicas ask Postgres while Redis is away, and reseed when it is back.
      this.logger.warn(`could not mark revoked sessions in Redis: ${(error as Error).message}`);
    }
  }

  /** Whether the family's sign-in has ended. */
  async isRevoked(familyId: string): Promise<boolean> {
    if (this.redis.status !== 'ready') {
      return this.askPostgres(familyId);
    }
    try {
      if (this.seeding !== undefined) {
        await this.seeding;
      }
      const [seeded, revoked] = await this.lookUp(familyId);
      if (revoked !== null) {
        return true;
      }
      if (seeded === null) {
        await this.reseed();
        return (await this.redis.exists(this.prefix + familyId)) === 1;
      }
      return false;
    } catch {
      return this.askPostgres(familyId);
    }
  }

  /**
   * The sentinel and the family's mark. Every check made in the same turn of the event loop (under
   * load, one per request that arrived in it) shares one MGET: one Redis round trip, a write and a
   * read, for all of them instead of one each, which is most of what a check costs. The turn ends
   * before anything waits on I/O, so no check waits longer for it.
   */
  private lookUp(familyId: string): Promise<[string | null, string | null]> {
    let batch = this.batch;
    if (batch === undefined) {
      const keys = [this.seededKey];
      const values = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        this.batch = undefined;
        return this.redis.mget(keys);
      });
      batch = this.batch = { keys, values };
    }
    const index = batch.keys.push(this.prefix + familyId) - 1;
    return batch.values.then((values) => [values[0] ?? null, values[index] ?? null]);
  }

  /**
   * Writes the marks of every family revoked within a token's lifetime (one seeding per process at
   * a time). If it fails, the sentinel goes, so the next check tries again rather than trusting
   * marks that may be missing.
   */
  private reseed(): Promise<void> {
    this.seeding ??= this.seed()
      .catch(async (error: unknown) => {
        await this.redis.del(this.seededKey).catch(() => undefined);
        throw error;
      })
      .finally(() => {
        this.seeding = undefined;
      });
    return this.seeding;
  }

  private async seed(): Promise<void> {
    const families = await this.dataSource.query<{ family_id: string; seconds_left: number }[]>(
      `SELECT family_id,
              ceil(extract(epoch FROM max(revoked_at) + make_interval(secs => $1) - now()))::int
                AS seconds_left
         FROM app.refresh_sessions
        WHERE revoked_at > now() - make_interval(secs => $1)
        GROUP BY family_id`,
      [this.lifetimeSeconds],
    );
    const pipeline = this.redis.pipeline();
    for (const { family_id, seconds_left } of families) {
      if (seconds_left > 0) {
        pipeline.set(this.prefix + family_id, '1', 'EX', seconds_left);
      }
    }
    pipeline.set(this.seededKey, new Date().toISOString());
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([error]) => error !== null);
    if (failed !== undefined) {
      throw failed[0] as Error;
    }
  }

  private async askPostgres(familyId: string): Promise<boolean> {
    const [row] = await this.dataSource.query<{ revoked: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM app.refresh_sessions
                       WHERE family_id = $1 AND revoked_at IS NOT NULL) AS revoked`,
      [familyId],
    );
    return row?.revoked ?? false;
  }
}
