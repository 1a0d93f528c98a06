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
 * How often each replica reads the recent revocations from Postgres again, whatever it heard: a
 * revocation whose message was lost (the publishing replica's Redis connection failed just then)
 * is known everywhere within this.
 */
const REVOCATIONS_RELOAD_MS = 10_000;

/**
 * Which sign-ins (refresh families) have ended, for the access-token check of every replica.
 *
 * Postgres (`refresh_sessions.revoked_at`) is the record. Each replica holds the families revoked
 * within an access token's lifetime in memory, so a check is a map look-up, not a round trip: it
 * was a Redis MGET on every authenticated request, a write and a read on a socket, about a tenth
 * of `GET /users/me`'s server time (`npm run bench -w api -- --only me --cpu-prof`). A revocation
 * reaches the other replicas on a Redis pub/sub channel as soon as it is committed. A revoked
 * family is never issued another token, so a mark needs no time to compare with `iat`: every
 * token of it is dead, whatever second it was issued in, and a new sign-in is a new family.
 *
 * What a replica may have missed is read from Postgres: when its subscription is (re)established
 * (subscribed first, then read, so nothing committed in between is missed), and every
 * {@link REVOCATIONS_RELOAD_MS}. Until the first read has completed, and whenever the subscription
 * is down, checks ask Postgres. Marks are only ever added (revocations are never undone) and
 * forgotten when the tokens they stop have expired.
 *
 * A check waits for the end of the current turn of the event loop, so a message already on the
 * subscriber's socket is read first. What remains is Redis's own delivery: it writes the message
 * to every subscriber in the same pass of its event loop that answers the PUBLISH, so the other
 * replicas know within about a millisecond of the revoking request's answer (a token presented
 * elsewhere in that millisecond still passes; the record in Postgres is already written).
 */
@Injectable()
export class RevokedFamilies implements OnModuleDestroy {
  private readonly logger = new Logger(RevokedFamilies.name);
  private readonly channel: string;
  private readonly lifetimeMs: number;
  /** Family id → when its mark may be forgotten (epoch ms). */
  private readonly marks = new Map<string, number>();
  private subscriber: Redis | undefined;
  /** Whether the marks are complete (subscribed, and read from Postgres since): checks use them. */
  private listening = false;
  private reloadTimer: NodeJS.Timeout | undefined;
  /** The checks of this turn of the event loop wait for its end together. */
  private turnEnd: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(ENV) env: Env,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.channel = `${env.QUEUE_PREFIX}:session:revoked`;
    this.lifetimeMs = (env.ACCESS_TOKEN_TTL_SECONDS + CLOCK_SKEW_SECONDS) * 1_000;
  }

  onModuleDestroy(): void {
    this.closed = true;
    this.listening = false;
    clearTimeout(this.reloadTimer);
    this.subscriber?.disconnect();
  }

  /** Whether checks are answered from memory (subscribed, and caught up with Postgres since). */
  isListening(): boolean {
    return this.listening;
  }

  /** Marks families whose revocation has just been committed to Postgres, on every replica. */
  async mark(familyIds: readonly string[]): Promise<void> {
    if (familyIds.length === 0) {
      return;
    }
    this.listen();
    this.remember(familyIds, Date.now() + this.lifetimeMs);
    try {
      await this.redis.publish(this.channel, JSON.stringify(familyIds));
    } catch (error) {
      // Postgres has it: the other replicas read it within REVOCATIONS_RELOAD_MS.
      this.logger.warn(`could not announce revoked sessions: ${(error as Error).message}`);
    }
  }

  /** Whether the family's sign-in has ended. */
  async isRevoked(familyId: string): Promise<boolean> {
    this.listen();
    this.turnEnd ??= new Promise<void>((resolve) =>
      setImmediate(() => {
        this.turnEnd = undefined;
        resolve();
      }),
    );
    await this.turnEnd;
    if (!this.listening) {
      return this.askPostgres(familyId);
    }
    const until = this.marks.get(familyId);
    return until !== undefined && until > Date.now();
  }

  /** Subscribes on first use (tests make this class without Nest's lifecycle). */
  private listen(): void {
    if (this.subscriber !== undefined || this.closed) {
      return;
    }
    const subscriber = this.redis.duplicate({ connectionName: `${this.channel}:listener` });
    this.subscriber = subscriber;
    subscriber.on('message', (_channel: string, message: string) => {
      try {
        this.remember(JSON.parse(message) as string[], Date.now() + this.lifetimeMs);
      } catch {
        // Not ours: only this class publishes on the channel.
      }
    });
    // Whatever was published while it was away is lost: Postgres answers until it is read again.
    subscriber.on('close', () => {
      this.listening = false;
    });
    subscriber.on('error', () => {
      // The API's own connection says when Redis is away.
    });
    subscriber.on('ready', () => {
      void this.catchUp(subscriber);
    });
  }

  /** Subscribed again (ioredis would resubscribe too; this knows when it has), then read. */
  private async catchUp(subscriber: Redis): Promise<void> {
    try {
      await subscriber.subscribe(this.channel);
      await this.reload();
      if (subscriber.status === 'ready' && !this.closed) {
        this.listening = true;
        this.scheduleReload();
      }
    } catch (error) {
      this.logger.warn(`could not read revoked sessions: ${(error as Error).message}`);
      if (subscriber.status === 'ready' && !this.closed) {
        // Checks ask Postgres meanwhile.
        this.reloadTimer = setTimeout(() => void this.catchUp(subscriber), 1_000).unref();
      }
    }
  }

  private scheduleReload(): void {
    clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => {
      this.reload()
        .catch((error: unknown) => {
          this.logger.warn(`could not read revoked sessions: ${(error as Error).message}`);
        })
        .finally(() => {
          if (!this.closed) {
            this.scheduleReload();
          }
        });
    }, REVOCATIONS_RELOAD_MS);
    this.reloadTimer.unref();
  }

  /** Adds every family revoked within a token's lifetime, as Postgres has them. */
  private async reload(): Promise<void> {
    const families = await this.dataSource.query<{ family_id: string; ms_left: number }[]>(
      `SELECT family_id,
              extract(epoch FROM max(revoked_at) - now())::float8 * 1000 + $1::float8 AS ms_left
         FROM app.refresh_sessions
        WHERE revoked_at > now() - make_interval(secs => $1::float8 / 1000)
        GROUP BY family_id`,
      [this.lifetimeMs],
    );
    const now = Date.now();
    for (const { family_id, ms_left } of families) {
      this.remember([family_id], now + ms_left);
    }
    for (const [familyId, until] of this.marks) {
      if (until <= now) {
        this.marks.delete(familyId);
      }
    }
  }

  private remember(familyIds: readonly string[], until: number): void {
    for (const familyId of familyIds) {
      if ((this.marks.get(familyId) ?? 0) < until) {
        this.marks.set(familyId, until);
      }
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
