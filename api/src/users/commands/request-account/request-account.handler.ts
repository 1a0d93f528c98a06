import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { OneTimeCodes } from '../../../auth/one-time-codes/one-time-codes';
import { Mailer } from '../../../mail/mailer';
import { UsersStore } from '../../users.store';
import { RequestAccountCommand } from './request-account.command';

/**
 * Answers the same for every address, registered or not (no account enumeration): a code is
 * issued either way, so the resend limits behave alike; a registered address gets a mail saying
 * it already has an account instead of the code.
 */
@CommandHandler(RequestAccountCommand)
export class RequestAccountHandler implements ICommandHandler<RequestAccountCommand> {
  constructor(
    private readonly codes: OneTimeCodes,
    private readonly mailer: Mailer,
    private readonly users: UsersStore,
  ) {}

  async execute({ email }: RequestAccountCommand): Promise<void> {
    const code = await this.codes.issue(email, 'sign-up');
    const registered = await this.users.existsByEmail(email);
    await this.mailer.send(
      email,
      registered ? { name: 'account-exists' } : { name: 'sign-up-code', code },
    );
  }
}
