/**
 * The least estimated strength a production secret may have. `openssl rand -hex 32` (what the
 * README and `.env.example` suggest) estimates at about 240 bits; 128 random bits in hex, the
 * least any generator gives, never below 90 in 2,000 draws. Words, keyboard walks and repeats
 * land well under 80.
 */
export const MIN_SECRET_BITS = 80;

/** What every placeholder in `.env.example` says, in one spelling or another. */
const PLACEHOLDER = /change[-_ .]?me|example|placeholder|secret[-_]?here/i;

/** Repeats shorter than this are left to chance: random secrets have a few. */
const MIN_REPEAT = 3;

/**
 * An estimate of a secret's strength in bits: the Shannon entropy of its own characters for each
 * character that is new, and only what it takes to point back (where, how long) for a run of 3 or
 * more that already appeared, as a compressor would (`passwordpassword` costs little more than
 * `password`). It cannot tell a random string from a long sentence, which is why placeholders
 * are refused by name as well; it does catch the short, the repeated and the few-lettered.
 */
export function estimatedBits(secret: string): number {
  const characters = [...secret];
  const counts = new Map<string, number>();
  for (const character of characters) {
    counts.set(character, (counts.get(character) ?? 0) + 1);
  }
  let perCharacter = 0;
  for (const count of counts.values()) {
    const p = count / characters.length;
    perCharacter -= p * Math.log2(p);
  }
  let bits = 0;
  for (let i = 0; i < characters.length;) {
    const repeat = longestEarlierMatch(characters, i);
    if (repeat >= MIN_REPEAT) {
      bits += Math.log2(i) + Math.log2(repeat);
      i += repeat;
    } else {
      bits += perCharacter;
      i += 1;
    }
  }
  return bits;
}

/** The longest run starting at `at` that also starts somewhere before it. */
function longestEarlierMatch(characters: readonly string[], at: number): number {
  let longest = 0;
  for (let from = 0; from < at; from++) {
    let length = 0;
    while (
      at + length < characters.length &&
      characters[from + length] === characters[at + length]
    ) {
      length++;
    }
    longest = Math.max(longest, length);
  }
  return longest;
}

/** Why `secret` must not guard a production deployment, or undefined when it may. */
export function weakSecretReason(secret: string): string | undefined {
  if (PLACEHOLDER.test(secret)) {
    return 'is a placeholder (from .env.example); generate one with: openssl rand -hex 32';
  }
  if (estimatedBits(secret) < MIN_SECRET_BITS) {
    return 'is too easy to guess; generate one with: openssl rand -hex 32';
  }
  return undefined;
}
