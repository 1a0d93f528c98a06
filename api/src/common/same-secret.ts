import { createHash, timingSafeEqual } from 'node:crypto';

import { bearerToken } from './bearer-token';

// Hashed first: timingSafeEqual needs equal lengths, and the length must not leak either.
const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** Whether a credential a caller sent is the configured one, in constant time. */
export const sameSecret = (given: string, expected: string): boolean =>
  timingSafeEqual(sha256(given), sha256(expected));

/**
 * Whether an `Authorization` header carries the operators' token (`Bearer <OPS_TOKEN>`); never
 * when no token is configured.
 */
export function isOperator(authorization: string | undefined, opsToken: string | undefined) {
  const token = bearerToken(authorization);
  return opsToken !== undefined && token !== '' && sameSecret(token, opsToken);
}
