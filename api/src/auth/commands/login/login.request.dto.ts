import { z } from 'zod';

/** SPEC §5, Login: only presence is checked; anything else would tell which part was wrong. */
export const loginBody = z.object({
  email: z
    .string({ error: 'Please enter your email address' })
    .trim()
    .min(1, { error: 'Please enter your email address' })
    .max(254)
    .transform((email) => email.toLowerCase()),
  password: z
    .string({ error: 'Please enter your password' })
    .min(1, { error: 'Please enter your password' })
    .max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;
