import { createHash, randomBytes, randomUUID } from 'node:crypto';

import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { DataSource, type EntityManager } from 'typeorm';

import { DomainError } from '../../common/domain-error';
import { ENV, type Env } from '../../config/env';

/** A signed-in member's credentials: a short-lived access token and a refresh token. */
export interface SessionTokens {
  token: string;
  refresh: string;
}

const ALGORITHM = 'HS256';
const ISSUER = 'lendpath';
const AUDIENCE = 'lendpath-api';

export const sessionErrors = {
  unauthenticated: () =>
    new DomainError('AUTH.UNAUTHENTICATED', 'Please log in to continue.', HttpStatus.UNAUTHORIZED),
  refreshRefused: () =>
    new DomainError(
      'AUTH.SESSION_EXPIRED',
      'Your session has expired. Please log in again.',
      HttpStatus.UNAUTHORIZED,
    ),
};

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * Access tokens are JWTs (HS256 only, issuer and audience checked, 15 minutes by default), so
 * any API replica verifies them without a lookup. Refresh tokens are 256 random bits, stored
 * hashed, and rotated on every use; presenting a rotated one again revokes its whole family.
 */
@Injectable()
export class Sessions {
  private readonly key: Uint8Array;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.key = new TextEncoder().encode(env.JWT_SECRET);
  }

  /** Starts a new sign-in (a new refresh family) for `userId`. */
  async start(userId: string): Promise<SessionTokens> {
    return this.dataSource.transaction((manager) => this.issue(manager, userId, randomUUID()));
  }

  /**
   * Trades a refresh token for a new pair. A token that was already rotated (replayed, so
   * stolen) revokes every token of its family; unknown, expired or revoked tokens are refused.
   */
  async refresh(refresh: string): Promise<SessionTokens> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<
        { id: string; user_id: string; family_id: string; live: boolean; rotated: boolean }[]
      >(
        `SELECT id, user_id, family_id,
                revoked_at IS NULL AND rotated_at IS NULL AND expires_at > now() AS live,
                rotated_at IS NOT NULL AS rotated
           FROM app.refresh_sessions WHERE token_hash = $1 FOR UPDATE`,
        [sha256(refresh)],
      );
      if (row === undefined) {
        return undefined;
      }
      if (!row.live) {
        if (row.rotated) {
          await this.revokeFamily(manager, row.family_id);
        }
        return undefined;
      }
      await manager.query('UPDATE app.refresh_sessions SET rotated_at = now() WHERE id = $1', [
        row.id,
      ]);
      return this.issue(manager, row.user_id, row.family_id);
    });
    if (outcome === undefined) {
      throw sessionErrors.refreshRefused();
    }
    return outcome;
  }

  /** Ends the sign-in the refresh token belongs to. Unknown tokens are ignored. */
  async end(refresh: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE app.refresh_sessions SET revoked_at = now()
        WHERE revoked_at IS NULL
          AND family_id = (SELECT family_id FROM app.refresh_sessions WHERE token_hash = $1)`,
      [sha256(refresh)],
    );
  }

  /** Ends every sign-in of a member (after a password reset). */
  async endAll(userId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      'UPDATE app.refresh_sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
      [userId],
    );
  }

  /** The member an access token speaks for; throws 401 for anything but a valid token of ours. */
  async verify(token: string): Promise<string> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      return payload.sub as string;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) {
        throw sessionErrors.unauthenticated();
      }
      throw error;
    }
  }

  private async issue(
    manager: EntityManager,
    userId: string,
    familyId: string,
  ): Promise<SessionTokens> {
    const refresh = randomBytes(32).toString('base64url');
    await manager.query(
      `INSERT INTO app.refresh_sessions (user_id, family_id, token_hash, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(days => $4))`,
      [userId, familyId, sha256(refresh), this.env.REFRESH_TOKEN_TTL_DAYS],
    );
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.env.ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
    return { token, refresh };
  }

  private async revokeFamily(manager: EntityManager, familyId: string): Promise<void> {
    await manager.query(
      'UPDATE app.refresh_sessions SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL',
      [familyId],
    );
  }
}
