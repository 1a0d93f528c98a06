import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { OneTimeCodes } from '../../../auth/one-time-codes/one-time-codes';
import { Mailer } from '../../../mail/mailer';
import { UsersStore } from '../../users.store';
import { ForgotPasswordCommand } from './forgot-password.command';

/**
 * Answers alike for every address: a code is issued either way (so the limits behave the same),
 * but only a registered address is mailed.
 */
@CommandHandler(ForgotPasswordCommand)
export class ForgotPasswordHandler implements ICommandHandler<ForgotPasswordCommand> {
  constructor(
    private readonly codes: OneTimeCodes,
    private readonly mailer: Mailer,
    private readonly users: UsersStore,
  ) {}

  async execute({ email }: ForgotPasswordCommand): Promise<void> {
    const code = await this.codes.issue(email, 'password-reset');
    if (await this.users.existsByEmail(email)) {
      await this.mailer.send(email, { name: 'password-reset-code', code });
    }
  }
}
