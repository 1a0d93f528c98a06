import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { UsersStore } from '../../../users/users.store';
import { noticesErrors } from '../../notices-errors';
import { NoticeStopLinks } from '../../stop-links';
import { StopLoanNoticesCommand } from './stop-loan-notices.command';

@CommandHandler(StopLoanNoticesCommand)
export class StopLoanNoticesHandler implements ICommandHandler<StopLoanNoticesCommand> {
  constructor(
    private readonly links: NoticeStopLinks,
    private readonly users: UsersStore,
  ) {}

  async execute({ token }: StopLoanNoticesCommand): Promise<void> {
    const memberId = this.links.memberOf(token);
    if (memberId === undefined) {
      throw noticesErrors.linkInvalid();
    }
    // A link of an account since closed: nothing is sent to it anyway.
    await this.users.setLoanNotices(memberId, false);
  }
}
