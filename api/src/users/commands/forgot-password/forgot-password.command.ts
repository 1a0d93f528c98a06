import { Command } from '@nestjs/cqrs';

/** Sends a password reset code to a registered address. */
export class ForgotPasswordCommand extends Command<void> {
  constructor(readonly email: string) {
    super();
  }
}
