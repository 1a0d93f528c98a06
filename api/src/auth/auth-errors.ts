import { HttpStatus } from '@nestjs/common';

import { DomainError } from '../common/domain-error';
import { waitText } from '../rate-limits/wait-text';

/** Signing in's refusals; texts are SPEC §5's. */
export const authErrors = {
  /** The same for an unknown address and a wrong password: nothing tells which. */
  invalidCredentials: () =>
    new DomainError(
      'AUTH.INVALID_CREDENTIALS',
      'Invalid email or password.',
      HttpStatus.UNAUTHORIZED,
    ),
};

/** The one-time codes' refusals (sign-up and password reset). */
export const codeErrors = {
  invalid: () =>
    new DomainError('CODE.INVALID', 'Invalid or expired code. Please request a new one.'),
  resendTooSoon: (retryAfter: number) =>
    new DomainError(
      'CODE.RESEND_TOO_SOON',
      `Please wait ${waitText(retryAfter)} before asking for another code.`,
      HttpStatus.TOO_MANY_REQUESTS,
      retryAfter,
    ),
  /** `latestLive`: the last code sent still works, so the member need not wait at all. */
  tooManySends: (retryAfter: number, latestLive: boolean) =>
    new DomainError(
      'CODE.TOO_MANY_SENDS',
      `Too many codes were sent to this address. ${
        latestLive ? 'Please use the latest code we sent, or try' : 'Please try'
      } again in ${waitText(retryAfter)}.`,
      HttpStatus.TOO_MANY_REQUESTS,
      retryAfter,
    ),
};

/**
 * A session's refusals live beside the token checks in `sessions/sessions.ts` (the bearer guard
 * reads them there); they are listed here too so each module's errors have one place to look.
 */
export { sessionErrors } from './sessions/sessions';
