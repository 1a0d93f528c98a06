import { Command } from '@nestjs/cqrs';

/**
 * Ends the sign-in a refresh token belongs to (`POST /users/logout`). Its body is refresh's
 * (`refreshBody` in `refresh-session.command.ts`): the same one field, checked the same way.
 */
export class EndSessionCommand extends Command<void> {
  constructor(readonly refresh: string) {
    super();
  }
}
