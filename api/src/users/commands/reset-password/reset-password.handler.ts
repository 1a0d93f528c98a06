import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { codeErrors } from '../../../auth/auth-errors';
import { OneTimeCodes } from '../../../auth/one-time-codes/one-time-codes';
import { PasswordHasher } from '../../../auth/passwords/password-hasher';
import { Sessions } from '../../../auth/sessions/sessions';
import { Mailer } from '../../../mail/mailer';
import { UsersStore } from '../../users.store';
import { ResetPasswordCommand } from './reset-password.command';

@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    private readonly codes: OneTimeCodes,
    private readonly passwords: PasswordHasher,
    private readonly sessions: Sessions,
    private readonly mailer: Mailer,
    private readonly users: UsersStore,
  ) {}

  async execute({ details }: ResetPasswordCommand): Promise<void> {
    const { email, otpCode, newPassword } = details;
    if (!(await this.codes.consume(email, 'password-reset', otpCode))) {
      throw codeErrors.invalid();
    }
    const passwordHash = await this.passwords.hash(newPassword);
    const outcome = await this.users.transaction(async (manager) => {
      const found = await this.users.findByEmail(email, manager);
      if (found === null) {
        return null;
      }
      await this.users.setPasswordHash(found.id, passwordHash, manager);
      // Whoever knew the old password is signed out everywhere, with the new password or not.
      return { user: found, families: await this.sessions.endAll(found.id, manager) };
    });
    if (outcome === null) {
      throw codeErrors.invalid();
    }
    const { user, families } = outcome;
    await this.sessions.endAccess(families);
    await this.mailer.send(email, { name: 'password-changed', fullname: user.fullname });
  }
}
