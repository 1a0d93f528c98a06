import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { ENV, type Env } from '../../config/env';
import { codeErrors } from '../auth-errors';
import type { CodePurpose } from './one-time-code.entity';

/** How the rules of one-time codes are set (ASVS 5 §6.6; SPEC §9: six digits). */
export const codeRules = {
  digits: 6,
  ttlSeconds: 10 * 60,
  /** Attempts that may succeed; the next one kills the code, right or wrong. */
  attempts: 5,
  resendCooldownSeconds: 60,
  /**
   * Mails per address and purpose in the window, counted since a code of that purpose was last
   * used: sign-up requests never stop a password reset, and using a code starts over.
   */
  sendWindowSeconds: 30 * 60,
  sendsPerWindow: 5,
} as const;

/**
 * Issues and checks the codes members receive by email. A code is drawn from a CSPRNG and stored
 * only as an HMAC over (purpose, email, code), so a database leak reveals no code and a code for
 * one purpose or address proves nothing for another.
 */
@Injectable()
export class OneTimeCodes {
  private readonly key: Buffer;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(ENV) env: Env,
  ) {
    this.key = Buffer.from(env.CODE_SECRET, 'utf8');
  }

  /**
   * A fresh code for `email` and `purpose`; any live code for the same pair stops working.
   * Throws {@link codeErrors} (429 with Retry-After) within the resend cooldown or past the
   * per-address send limit of that purpose.
   */
  async issue(email: string, purpose: CodePurpose): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      // One issuer per address at a time, so two parallel requests cannot both pass the limits.
      await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `one-time-code:${email}`,
      ]);
      // An aggregate answers exactly one row.
      const [recent] = await manager.query<
        [{ sinceLast: number | null; sends: number; windowLeft: number | null }]
      >(
        `SELECT extract(epoch FROM now() - max(created_at))::float AS "sinceLast",
                count(*)::int AS sends,
                extract(epoch FROM min(created_at) + make_interval(secs => $3) - now())::float AS "windowLeft"
           FROM app.one_time_codes
          WHERE email = $1 AND purpose = $2
            AND created_at > now() - make_interval(secs => $3)
            AND created_at > coalesce((SELECT max(consumed_at) FROM app.one_time_codes
                                        WHERE email = $1 AND purpose = $2), '-infinity')`,
        [email, purpose, codeRules.sendWindowSeconds],
      );
      if (recent.sinceLast !== null && recent.sinceLast < codeRules.resendCooldownSeconds) {
        throw codeErrors.resendTooSoon(codeRules.resendCooldownSeconds - recent.sinceLast);
      }
      if (recent.sends >= codeRules.sendsPerWindow) {
        throw codeErrors.tooManySends(
          recent.windowLeft ?? codeRules.sendWindowSeconds,
          recent.sinceLast !== null && recent.sinceLast < codeRules.ttlSeconds,
        );
      }
      await manager.query(
        `UPDATE app.one_time_codes SET revoked_at = now()
          WHERE email = $1 AND purpose = $2 AND consumed_at IS NULL AND revoked_at IS NULL`,
        [email, purpose],
      );
      const code = randomInt(0, 10 ** codeRules.digits)
        .toString()
        .padStart(codeRules.digits, '0');
      await manager.query(
        `INSERT INTO app.one_time_codes (email, purpose, code_hmac, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
        [email, purpose, this.hmac(email, purpose, code), codeRules.ttlSeconds],
      );
      return code;
    });
  }

  /**
   * Uses up the live code for `email` and `purpose` if `code` is it. True at most once per code,
   * even for parallel calls; false for a wrong, expired, used, revoked or unknown code. Every call
   * counts as an attempt, and the attempt after the last allowed one kills the code.
   */
  consume(email: string, purpose: CodePurpose, code: string): Promise<boolean> {
    return this.attempt(email, purpose, code, true);
  }

  /**
   * Whether `code` is the live code, without using it up (a two-step flow checks it first and
   * uses it in the second step). It counts as an attempt; a code found right keeps one use
   * afterwards even if that check was the last allowed attempt.
   */
  check(email: string, purpose: CodePurpose, code: string): Promise<boolean> {
    return this.attempt(email, purpose, code, false);
  }

  private async attempt(
    email: string,
    purpose: CodePurpose,
    code: string,
    use: boolean,
  ): Promise<boolean> {
    const candidate = this.hmac(email, purpose, code);
    // An UPDATE … RETURNING answers [rows, affected count].
    const [rows] = await this.dataSource.query<[{ matched: boolean; code_hmac: Buffer }[], number]>(
      `UPDATE app.one_time_codes c
          SET attempts = c.attempts + 1,
              checked_at = CASE WHEN NOT $5 AND c.attempts < $4 AND c.code_hmac = $3
                                THEN now() ELSE c.checked_at END,
              -- A checked code keeps its one use even if the check took the last attempt.
              consumed_at = CASE WHEN $5 AND c.code_hmac = $3 AND (c.attempts < $4 OR c.checked_at IS NOT NULL)
                                 THEN now() END,
              revoked_at = CASE WHEN c.attempts >= $4
                                 AND NOT ($5 AND c.code_hmac = $3 AND c.checked_at IS NOT NULL)
                                THEN now() END
        WHERE c.id = (SELECT id FROM app.one_time_codes
                       WHERE email = $1 AND purpose = $2
                         AND consumed_at IS NULL AND revoked_at IS NULL AND expires_at > now()
                       ORDER BY created_at DESC
                       LIMIT 1
                         FOR UPDATE)
          AND c.consumed_at IS NULL AND c.revoked_at IS NULL
       RETURNING CASE WHEN $5 THEN c.consumed_at IS NOT NULL
                      ELSE c.attempts <= $4 AND c.code_hmac = $3 END AS matched,
                 c.code_hmac`,
      [email, purpose, candidate, codeRules.attempts, use],
    );
    const row = rows[0];
    // The database compared the HMACs; comparing again in constant time costs nothing and keeps
    // the decision independent of how the database compares bytes.
    return row !== undefined && row.matched && timingSafeEqual(row.code_hmac, candidate);
  }

  private hmac(email: string, purpose: CodePurpose, code: string): Buffer {
    return createHmac('sha256', this.key).update(`${purpose}\n${email}\n${code}`).digest();
  }
}
