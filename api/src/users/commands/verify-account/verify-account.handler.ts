import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { codeErrors } from '../../../auth/auth-errors';
import { OneTimeCodes } from '../../../auth/one-time-codes/one-time-codes';
import { PasswordHasher } from '../../../auth/passwords/password-hasher';
import { Sessions } from '../../../auth/sessions/sessions';
import type { SignedIn } from '../../signed-in';
import { toUserView } from '../../user-view';
import { usersErrors } from '../../users-errors';
import { UsersStore } from '../../users.store';
import { VerifyAccountCommand } from './verify-account.command';

@CommandHandler(VerifyAccountCommand)
export class VerifyAccountHandler implements ICommandHandler<VerifyAccountCommand> {
  constructor(
    private readonly codes: OneTimeCodes,
    private readonly passwords: PasswordHasher,
    private readonly sessions: Sessions,
    private readonly users: UsersStore,
  ) {}

  async execute({ details }: VerifyAccountCommand): Promise<SignedIn> {
    if (!(await this.codes.consume(details.email, 'sign-up', details.otp))) {
      throw codeErrors.invalid();
    }
    const passwordHash = await this.passwords.hash(details.password);
    const user = await this.users.create({
      email: details.email,
      phone: details.phone,
      fullname: details.fullname,
      passwordHash,
    });
    // Only the mailbox's owner holds the code, so saying the account exists reveals nothing.
    if (user === null) {
      throw usersErrors.accountExists();
    }
    return { ...(await this.sessions.start(user.id)), user: toUserView(user) };
  }
}
