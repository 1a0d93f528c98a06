import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

import type { SessionTokens } from '../../sessions/sessions';

/** The refresh token, the one field of `POST /users/refresh` and of `POST /users/logout`. */
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
