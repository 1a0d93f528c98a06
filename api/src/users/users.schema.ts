import { z } from 'zod';

import { sessionTokensSchema } from '../auth/auth.schema';
import { named } from '../openapi';

/** The OpenAPI shape of {@link UserView} (SPEC §3, User). */
export const userViewSchema = named(
  'UserView',
  z.object({
    _id: z.string(),
    fullname: z.string(),
    email: z.string(),
    phone: z.string(),
    gender: z.string().nullable(),
    ageRange: z.string().nullable(),
    location: z.object({
      city: z.string().nullable(),
      town: z.string().nullable(),
      country: z.string().nullable(),
    }),
    occupation: z.string().nullable(),
    profile: z.null(),
    loanNotices: z.boolean(),
  }),
);

/** What sign-up verification and login answer: the session and who it is for. */
export const signedInSchema = named(
  'SignedIn',
  sessionTokensSchema.extend({ user: userViewSchema }),
);
