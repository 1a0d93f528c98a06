import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

import { codeErrors, OneTimeCodes } from '../../../auth/one-time-codes/one-time-codes';
import { PasswordHasher } from '../../../auth/passwords/password-hasher';
import { Sessions } from '../../../auth/sessions/sessions';
import { Mailer } from '../../../mail/mailer';
import { User } from '../../user.entity';
import { ResetPasswordCommand } from './reset-password.command';

@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    private readonly codes: OneTimeCodes,
    private readonly passwords: PasswordHasher,
    private readonly sessions: Sessions,
    private readonly mailer: Mailer,
    private readonly dataSource: DataSource,
  ) {}

  async execute({ details }: ResetPasswordCommand): Promise<void> {
    const { email, otpCode, newPassword } = details;
    if (!(await this.codes.consume(email, 'password-reset', otpCode))) {
      throw codeErrors.invalid();
    }
    const passwordHash = await this.passwords.hash(newPassword);
    const outcome = await this.dataSource.transaction(async (manager) => {
      const found = await manager.getRepository(User).findOneBy({ email });
      if (found === null) {
        return null;
      }
      await manager.getRepository(User).update({ id: found.id }, { passwordHash });
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
