import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { Sessions } from '../../sessions/sessions';
import { EndSessionCommand } from './logout.command';

@CommandHandler(EndSessionCommand)
export class EndSessionHandler implements ICommandHandler<EndSessionCommand> {
  constructor(private readonly sessions: Sessions) {}

  execute({ refresh }: EndSessionCommand): Promise<void> {
    return this.sessions.end(refresh);
  }
}
