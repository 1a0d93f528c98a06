import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

import { fields } from '../../fields';

export const resetPasswordBody = z.object({
  email: fields.email,
  otpCode: fields.otp,
  newPassword: fields.resetPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** Step three of a reset: a new password, every session ended, and a mail saying so. */
export class ResetPasswordCommand extends Command<void> {
  constructor(readonly details: ResetPasswordBody) {
    super();
  }
}
