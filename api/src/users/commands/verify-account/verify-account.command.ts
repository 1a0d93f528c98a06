import { Command } from '@nestjs/cqrs';

import type { SignedIn } from '../../signed-in';
import type { VerifyAccountBody } from './verify-account.request.dto';

/** Creates the verified account from a sign-up code, and signs the member in. */
export class VerifyAccountCommand extends Command<SignedIn> {
  constructor(readonly details: VerifyAccountBody) {
    super();
  }
}
