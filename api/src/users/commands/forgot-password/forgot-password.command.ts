import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

import { fields } from '../../fields';

export const emailOnlyBody = z.object({ email: fields.email });

/** Sends a password reset code to a registered address. */
export class ForgotPasswordCommand extends Command<void> {
  constructor(readonly email: string) {
    super();
  }
}
