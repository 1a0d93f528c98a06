import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

import { text } from '../../../common/text';
import type { SignedIn } from '../../../users/signed-in';

/**
 * SPEC §5, Login: presence, and the text rule every field has; a shape check would tell which
 * part was wrong.
 */
export const loginBody = z.object({
  email: text({ name: 'Email address', required: 'Please enter your email address' })
    .max(254)
    .transform((email) => email.toLowerCase()),
  password: text({ name: 'Password', required: 'Please enter your password', secret: true }).max(
    1024,
  ),
});
export type LoginBody = z.infer<typeof loginBody>;

export class LoginCommand extends Command<SignedIn> {
  constructor(
    readonly email: string,
    readonly password: string,
  ) {
    super();
  }
}
