import { HttpStatus } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

import { DomainError } from '../../../common/domain-error';
import type { SignedIn } from '../../../users/signed-in';
import { User } from '../../../users/user.entity';
import { toUserView } from '../../../users/user-view';
import { PasswordHasher } from '../../passwords/password-hasher';
import { Sessions } from '../../sessions/sessions';
import { LoginCommand } from './login.command';

export const loginErrors = {
  invalidCredentials: () =>
    new DomainError(
      'AUTH.INVALID_CREDENTIALS',
      'Invalid email or password.',
      HttpStatus.UNAUTHORIZED,
    ),
};

/**
 * An unknown address and a wrong password answer alike, and take as long (a decoy hash is
 * verified for unknown addresses): nothing tells whether an account exists.
 */
@CommandHandler(LoginCommand)
export class LoginHandler implements ICommandHandler<LoginCommand> {
  constructor(
    private readonly passwords: PasswordHasher,
    private readonly sessions: Sessions,
    private readonly dataSource: DataSource,
  ) {}

  async execute({ email, password }: LoginCommand): Promise<SignedIn> {
    const user = await this.dataSource.getRepository(User).findOneBy({ email });
    const valid =
      user === null
        ? await this.passwords.verifyNothing(password)
        : await this.passwords.verify(user.passwordHash, password);
    if (user === null || !valid) {
      throw loginErrors.invalidCredentials();
    }
    return { ...(await this.sessions.start(user.id)), user: toUserView(user) };
  }
}
