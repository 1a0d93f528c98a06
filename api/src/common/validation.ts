import { HttpStatus, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

import { DomainError } from './domain-error';

/**
 * Validates a request body against a zod schema. A bad body answers 400 with the first problem
 * as the message (what the client shows) and every field's problem in `errors`.
 */
export class ZodBody<T extends z.ZodType> implements PipeTransform<unknown, z.infer<T>> {
  constructor(private readonly schema: T) {}

  transform(value: unknown): z.infer<T> {
    const parsed = this.schema.safeParse(value ?? {});
    if (parsed.success) {
      return parsed.data;
    }
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.') || 'body';
      errors[field] ??= issue.message;
    }
    const first = parsed.error.issues[0]?.message ?? 'The request is not valid.';
    throw new DomainError('REQUEST.INVALID', first, HttpStatus.BAD_REQUEST, undefined, errors);
  }
}
