import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

export const blockUserBody = z.object({
  userIdToBlock: z.uuid({ error: 'Please say which member to block' }),
});

/** Hides a member's posts from the blocker. Blocking twice changes nothing. */
export class BlockUserCommand extends Command<void> {
  constructor(
    readonly blockerId: string,
    readonly blockedId: string,
  ) {
    super();
  }
}
