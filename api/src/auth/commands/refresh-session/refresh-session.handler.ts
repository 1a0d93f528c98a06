import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { type SessionTokens, Sessions } from '../../sessions/sessions';
import { EndSessionCommand, RefreshSessionCommand } from './refresh-session.command';

@CommandHandler(RefreshSessionCommand)
export class RefreshSessionHandler implements ICommandHandler<RefreshSessionCommand> {
  constructor(private readonly sessions: Sessions) {}

  execute({ refresh }: RefreshSessionCommand): Promise<SessionTokens> {
    return this.sessions.refresh(refresh);
  }
}

@CommandHandler(EndSessionCommand)
export class EndSessionHandler implements ICommandHandler<EndSessionCommand> {
  constructor(private readonly sessions: Sessions) {}

  execute({ refresh }: EndSessionCommand): Promise<void> {
    return this.sessions.end(refresh);
  }
}
