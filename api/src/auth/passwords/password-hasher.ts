import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

/**
 * argon2id with OWASP's minimum configuration (19 MiB, 2 passes, 1 lane). Hashes are PHC strings
 * that carry their own parameters, so raising them later still verifies old hashes.
 */
@Injectable()
export class PasswordHasher {
  static readonly options = {
    type: argon2.argon2id,
    memoryCost: 19 * 1024,
    timeCost: 2,
    parallelism: 1,
  } as const;

  hash(password: string): Promise<string> {
    return argon2.hash(password, PasswordHasher.options);
  }

  /** False for a wrong password; never throws for a malformed hash. */
  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /**
   * Spends the same time as a real verification, so an unknown email answers as slowly as a
   * known one (no account enumeration by timing).
   */
  async verifyNothing(password: string): Promise<false> {
    await argon2.verify(await this.decoy, password).catch(() => false);
    return false;
  }

  private readonly decoy = argon2.hash('decoy password never used', PasswordHasher.options);
}
