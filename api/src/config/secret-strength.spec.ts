import { randomBytes } from 'node:crypto';

import { estimatedBits, MIN_SECRET_BITS, weakSecretReason } from './secret-strength';

describe(weakSecretReason.name, () => {
  it.each([
    ['openssl rand -hex 32', () => randomBytes(32).toString('hex')],
    ['openssl rand -base64 32', () => randomBytes(32).toString('base64')],
    ['128 random bits in hex', () => randomBytes(16).toString('hex')],
  ])('accepts %s every time', (_, generate) => {
    for (let i = 0; i < 200; i++) {
      expect(weakSecretReason(generate())).toBeUndefined();
    }
  });

  it('estimates a 64-character hex secret well above the floor', () => {
    expect(estimatedBits(randomBytes(32).toString('hex'))).toBeGreaterThan(2 * MIN_SECRET_BITS);
  });

  it.each([
    'change-me-to-a-long-random-secret-of-32-chars',
    'CHANGE_ME_0123456789abcdef0123456789',
  ])('names %s a placeholder', (secret) => {
    expect(weakSecretReason(secret)).toMatch(/placeholder/);
  });

  it.each(['0'.repeat(64), 'abcd'.repeat(16), '0101010101010101010101010101010101'])(
    'refuses %s',
    (secret) => {
      expect(weakSecretReason(secret)).toMatch(/too easy to guess/);
    },
  );
});
