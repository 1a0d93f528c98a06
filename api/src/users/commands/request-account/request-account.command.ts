import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

import { fields } from '../../fields';

export const requestAccountBody = z.object({ email: fields.email, phone: fields.phone });
export type RequestAccountBody = z.infer<typeof requestAccountBody>;

/** Sends a sign-up code to an address (step one of sign-up; also the resend). */
export class RequestAccountCommand extends Command<void> {
  constructor(readonly email: string) {
    super();
  }
}
