import { z } from 'zod';

import { fields } from '../../fields';

export const verifyAccountBody = z.object({
  fullname: fields.fullname,
  email: fields.email,
  phone: fields.phone,
  password: fields.password,
  otp: fields.otp,
});
export type VerifyAccountBody = z.infer<typeof verifyAccountBody>;
