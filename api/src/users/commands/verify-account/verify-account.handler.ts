import { HttpStatus } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

import { codeErrors, OneTimeCodes } from '../../../auth/one-time-codes/one-time-codes';
import { PasswordHasher } from '../../../auth/passwords/password-hasher';
import { Sessions } from '../../../auth/sessions/sessions';
import { DomainError } from '../../../common/domain-error';
import type { SignedIn } from '../../signed-in';
import { User } from '../../user.entity';
import { toUserView } from '../../user-view';
import { VerifyAccountCommand } from './verify-account.command';

export const verifyAccountErrors = {
  exists: () =>
    new DomainError(
      'ACCOUNT.EXISTS',
      'An account with this email already exists. Please log in.',
      HttpStatus.CONFLICT,
    ),
};

@CommandHandler(VerifyAccountCommand)
export class VerifyAccountHandler implements ICommandHandler<VerifyAccountCommand> {
  constructor(
    private readonly codes: OneTimeCodes,
    private readonly passwords: PasswordHasher,
    private readonly sessions: Sessions,
    private readonly dataSource: DataSource,
  ) {}

  async execute({ details }: VerifyAccountCommand): Promise<SignedIn> {
    if (!(await this.codes.consume(details.email, 'sign-up', details.otp))) {
      throw codeErrors.invalid();
    }
    const passwordHash = await this.passwords.hash(details.password);
    // Only the mailbox's owner holds the code, so saying the account exists reveals nothing.
    const created = await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(User)
      .values({
        email: details.email,
        phone: details.phone,
        fullname: details.fullname,
        passwordHash,
        emailVerifiedAt: () => 'now()',
      })
      .orIgnore()
      .returning('id')
      .execute();
    // ON CONFLICT DO NOTHING returns no row when the address is taken.
    const [row] = created.raw as { id: string }[];
    if (row === undefined) {
      throw verifyAccountErrors.exists();
    }
    const user = await this.dataSource.getRepository(User).findOneByOrFail({ id: row.id });
    return { ...(await this.sessions.start(user.id)), user: toUserView(user) };
  }
}
