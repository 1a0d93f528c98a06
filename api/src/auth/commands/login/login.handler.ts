import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { SignedIn } from '../../../users/signed-in';
import { toUserView } from '../../../users/user-view';
import { UsersStore } from '../../../users/users.store';
import { authErrors } from '../../auth-errors';
import { PasswordHasher } from '../../passwords/password-hasher';
import { Sessions } from '../../sessions/sessions';
import { LoginCommand } from './login.command';

/**
 * An unknown address and a wrong password answer alike, and take as long (a decoy hash is
 * verified for unknown addresses): nothing tells whether an account exists.
 */
@CommandHandler(LoginCommand)
export class LoginHandler implements ICommandHandler<LoginCommand> {
  constructor(
    private readonly passwords: PasswordHasher,
    private readonly sessions: Sessions,
    private readonly users: UsersStore,
  ) {}

  async execute({ email, password }: LoginCommand): Promise<SignedIn> {
    const user = await this.users.findByEmail(email);
    const valid =
      user === null
        ? await this.passwords.verifyNothing(password)
        : await this.passwords.verify(user.passwordHash, password);
    if (user === null || !valid) {
      throw authErrors.invalidCredentials();
    }
    return { ...(await this.sessions.start(user.id)), user: toUserView(user) };
  }
}
