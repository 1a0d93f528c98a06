/** Every answer of the API: `{ success, message, data }`; errors add a stable `code`. */
export interface SuccessEnvelope<T> {
  success: true;
  message: string;
  data: T;
}

export interface ErrorEnvelope {
  success: false;
  message: string;
  code?: string;
  /** Per-field validation messages, when the request body was at fault. */
  errors?: Record<string, string>;
}

/**
 * A handler's answer with its own message. Controllers return this, or a plain value that the
 * {@link EnvelopeAdapter} wraps with the message 'OK'.
 */
export class Reply<T> {
  constructor(
    readonly data: T,
    readonly message = 'OK',
  ) {}

  toEnvelope(): SuccessEnvelope<T> {
    return { success: true, message: this.message, data: this.data };
  }
}
