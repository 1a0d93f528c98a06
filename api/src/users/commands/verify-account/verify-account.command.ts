import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

import { fields } from '../../fields';
import type { SignedIn } from '../../signed-in';

export const verifyAccountBody = z.object({
  fullname: fields.fullname,
  email: fields.email,
  phone: fields.phone,
  password: fields.password,
  otp: fields.otp,
});
export type VerifyAccountBody = z.infer<typeof verifyAccountBody>;

/** Creates the verified account from a sign-up code, and signs the member in. */
export class VerifyAccountCommand extends Command<SignedIn> {
  constructor(readonly details: VerifyAccountBody) {
    super();
  }
}
