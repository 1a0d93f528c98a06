import { z } from 'zod';

import { named } from '../openapi';

/** An access token and the refresh token that renews it (POST /users/refresh). */
export const sessionTokensSchema = named(
  'SessionTokens',
  z.object({ token: z.string(), refresh: z.string() }),
);
