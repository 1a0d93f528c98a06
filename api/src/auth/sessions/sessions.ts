import { createHash, randomBytes, randomUUID, webcrypto } from 'node:crypto';

import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { errors as joseErrors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { DataSource, type EntityManager } from 'typeorm';

import { DomainError } from '../../common/domain-error';
import { ENV, type Env } from '../../config/env';
import { RevokedFamilies } from './revoked-families';
import { VerifiedTokens } from './verified-tokens';

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

/** The access token's claim naming its refresh family (the sign-in it belongs to). */
const FAMILY_CLAIM = 'fid';

/**
 * Access tokens are JWTs (HS256 only, issuer and audience checked, 15 minutes by default) that
 * name their sign-in (refresh family). Refresh tokens are 256 random bits, stored hashed, and
 * rotated on every use; presenting a rotated one again revokes its whole family. When a family
 * is revoked (logout, reuse, password reset) its access tokens stop at once on every replica
 * ({@link RevokedFamilies}), not when they expire.
 */
@Injectable()
export class Sessions {
  /**
   * The secret as a WebCrypto key, imported once: given the raw bytes, jose imports them again
   * on every sign and verify (a fifth of the CPU of an authenticated read).
   */
  private readonly key: Promise<webcrypto.CryptoKey>;
  private readonly verified = new VerifiedTokens();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
    private readonly revoked: RevokedFamilies,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(env.JWT_SECRET),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
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
    const outcome = await this.dataSource.transaction(
      async (manager): Promise<SessionTokens | { revoked: string } | undefined> => {
        const [row] = await manager.query<
          { id: string; user_id: string; family_id: string; live: boolean; rotated: boolean }[]
        >(
          // A family is revoked as a whole; a row a concurrent revocation could not see (inserted by
          // a refresh it waited for) still belongs to a revoked family.
          `SELECT id, user_id, family_id,
                  revoked_at IS NULL AND rotated_at IS NULL AND expires_at > now()
                    AND NOT EXISTS (SELECT 1 FROM app.refresh_sessions f
                                     WHERE f.family_id = s.family_id AND f.revoked_at IS NOT NULL)
                    AS live,
                  rotated_at IS NOT NULL AS rotated
             FROM app.refresh_sessions s WHERE token_hash = $1 FOR UPDATE`,
          [sha256(refresh)],
        );
        if (row === undefined) {
          return undefined;
        }
        if (!row.live) {
          if (row.rotated) {
            await this.revokeFamily(manager, row.family_id);
            return { revoked: row.family_id };
          }
          return undefined;
        }
        await manager.query('UPDATE app.refresh_sessions SET rotated_at = now() WHERE id = $1', [
          row.id,
        ]);
        return this.issue(manager, row.user_id, row.family_id);
      },
    );
    if (outcome === undefined || 'revoked' in outcome) {
      if (outcome !== undefined) {
        await this.revoked.mark([outcome.revoked]);
      }
      throw sessionErrors.refreshRefused();
    }
    return outcome;
  }

  /**
   * Ends the sign-in the refresh token belongs to, its access tokens included. Unknown tokens are
   * ignored; a family ended before is marked again (a retried logout whose mark was lost).
   */
  async end(refresh: string): Promise<void> {
    const [row] = await this.dataSource.query<{ family_id: string }[]>(
      'SELECT family_id FROM app.refresh_sessions WHERE token_hash = $1',
      [sha256(refresh)],
    );
    if (row === undefined) {
      return;
    }
    await this.revokeFamily(this.dataSource.manager, row.family_id);
    await this.revoked.mark([row.family_id]);
  }

  /**
   * Ends every sign-in of a member (after a password reset), answering the families it ended.
   * Inside a caller's transaction, hand them to {@link endAccess} once it commits; without one,
   * this does so itself.
   */
  async endAll(userId: string, manager?: EntityManager): Promise<string[]> {
    const [rows] = await (manager ?? this.dataSource.manager).query<
      [{ family_id: string }[], number]
    >(
      `UPDATE app.refresh_sessions SET revoked_at = now()
        WHERE user_id = $1 AND revoked_at IS NULL
       RETURNING family_id`,
      [userId],
    );
    const families = [...new Set(rows.map((row) => row.family_id))];
    if (manager === undefined) {
      await this.endAccess(families);
    }
    return families;
  }

  /** Stops the access tokens of families whose revocation has been committed. */
  endAccess(familyIds: readonly string[]): Promise<void> {
    return this.revoked.mark(familyIds);
  }

  /**
   * The member an access token speaks for; throws 401 for anything but a valid token of ours
   * whose sign-in has not ended. Tokens without a family (issued before families were named) are
   * refused: clients refresh them.
   */
  async verify(token: string): Promise<string> {
    const { subject, family } = this.verified.get(token) ?? (await this.check(token));
    if (await this.revoked.isRevoked(family)) {
      throw sessionErrors.unauthenticated();
    }
    return subject;
  }

  /** The signature and claims of a token not seen before (or expired since); 401 when bad. */
  private async check(token: string): Promise<{ subject: string; family: string }> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'exp', 'iat', FAMILY_CLAIM],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) {
        throw sessionErrors.unauthenticated();
      }
      throw error;
    }
    const family = payload[FAMILY_CLAIM];
    if (typeof family !== 'string') {
      throw sessionErrors.unauthenticated();
    }
    const verified = { subject: payload.sub as string, family, expiresAt: payload.exp as number };
    // A token with a start time (we issue none) is checked every time, as jose checks `nbf`.
    if (payload.nbf === undefined) {
      this.verified.add(token, verified);
    }
    return verified;
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
    const token = await new SignJWT({ [FAMILY_CLAIM]: familyId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.env.ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(await this.key);
    return { token, refresh };
  }

  private async revokeFamily(manager: EntityManager, familyId: string): Promise<void> {
    await manager.query(
      'UPDATE app.refresh_sessions SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL',
      [familyId],
    );
  }
}
