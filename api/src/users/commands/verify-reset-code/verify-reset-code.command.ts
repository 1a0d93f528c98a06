import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

import { fields } from '../../fields';

export const verifyResetCodeBody = z.object({ email: fields.email, otp: fields.otp });

/** Step two of a reset: is this the code? It stays usable for step three. */
export class VerifyResetCodeCommand extends Command<void> {
  constructor(
    readonly email: string,
    readonly otp: string,
  ) {
    super();
  }
}
