import { HttpStatus } from '@nestjs/common';

/**
 * An error a member or client can act on. `code` is stable (clients may branch on it), the
 * message is shown as is, and the exception filter maps `status` to the HTTP answer.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number = HttpStatus.BAD_REQUEST,
    /** Seconds until trying again can succeed; answered as the Retry-After header. */
    readonly retryAfterSeconds?: number,
    /** Per-field messages, for a request body at fault. */
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
