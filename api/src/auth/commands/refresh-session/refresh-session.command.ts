import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

import type { SessionTokens } from '../../sessions/sessions';

export const refreshBody = z.object({
  refresh: z
    .string({ error: 'Please send the refresh token' })
    .min(1, { error: 'Please send the refresh token' })
    .max(512),
});

/** Trades a refresh token for a new pair (rotation). */
export class RefreshSessionCommand extends Command<SessionTokens> {
  constructor(readonly refresh: string) {
    super();
  }
}

/** Ends the sign-in a refresh token belongs to (logout). */
export class EndSessionCommand extends Command<void> {
  constructor(readonly refresh: string) {
    super();
  }
}
