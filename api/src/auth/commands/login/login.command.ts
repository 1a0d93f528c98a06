import { Command } from '@nestjs/cqrs';

import type { SignedIn } from '../../../users/signed-in';

export class LoginCommand extends Command<SignedIn> {
  constructor(
    readonly email: string,
    readonly password: string,
  ) {
    super();
  }
}
