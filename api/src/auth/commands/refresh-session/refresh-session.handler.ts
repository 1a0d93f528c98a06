import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { type SessionTokens, Sessions } from '../../sessions/sessions';
import { RefreshSessionCommand } from './refresh-session.command';

@CommandHandler(RefreshSessionCommand)
export class RefreshSessionHandler implements ICommandHandler<RefreshSessionCommand> {
  constructor(private readonly sessions: Sessions) {}

  execute({ refresh }: RefreshSessionCommand): Promise<SessionTokens> {
    return this.sessions.refresh(refresh);
  }
}
