/** What a verified access token says. */
export interface VerifiedToken {
  subject: string;
  family: string;
  /** Its `exp` claim: seconds since the epoch. */
  expiresAt: number;
}

/** About 4 MB at most; more members than this signed in at once only verify more often. */
const CAPACITY = 10_000;

/**
 * Access tokens this process has verified, so that the next request with the same token (a
 * client sends its token for its whole lifetime) skips the signature check, which costs
 * WebCrypto a thread-pool round trip (~80 µs of CPU against ~1 µs for this lookup). A token is
 * immutable, so its signature and its issuer, audience and claims checks give the same answer
 * every time; only time changes, so an entry stops at its `exp` exactly as jose's check would.
 * Only tokens that passed every check get here (a forged one costs its sender the full check
 * each time), and revocation is still asked on every request.
 *
 * Entries are found by the token's signature (43 of its ~280 characters) and answer only the
 * whole token they were given (compared in full): a map hashes every character of a key first,
 * and hashing whole tokens took ~1 % of an authenticated read's instructions (callgrind).
 */
export class VerifiedTokens {
  /** By signature, in insertion order: the first is the oldest. */
  private readonly entries = new Map<string, { token: string; verified: VerifiedToken }>();

  constructor(
    private readonly capacity = CAPACITY,
    private readonly now: () => number = Date.now,
  ) {}

  /** The token's claims while it has not expired (jose: expired once `exp` <= now in seconds). */
  get(token: string): VerifiedToken | undefined {
    const key = signatureOf(token);
    const entry = this.entries.get(key);
    if (entry === undefined || entry.token !== token) {
      return undefined;
    }
    if (this.now() >= entry.verified.expiresAt * 1_000) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.verified;
  }

  add(token: string, verified: VerifiedToken): void {
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) {
        this.entries.delete(oldest.value);
      }
    }
    this.entries.set(signatureOf(token), { token, verified });
  }
}

/** A compact JWT's signature: what follows its last dot (the whole string if it has none). */
const signatureOf = (token: string): string => token.slice(token.lastIndexOf('.') + 1);
