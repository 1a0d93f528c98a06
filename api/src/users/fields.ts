import { z } from 'zod';

import { passwordProblem } from '../auth/passwords/password-policy';
import { hasVisibleText, withoutBidiControls } from '../common/visible-text';

/** A password a member chooses: present (`required` when not), then the password policy. */
function newPassword(required: string) {
  return z
    .string({ error: required })
    .min(1, { error: required })
    .superRefine((password, context) => {
      const problem = passwordProblem(password);
      if (problem !== undefined) {
        context.addIssue({ code: 'custom', message: problem });
      }
    });
}

/** SPEC §5's field rules and messages, shared by every account call. */
export const fields = {
  email: z
    .string({ error: 'Please enter your email address' })
    .trim()
    .min(1, { error: 'Please enter your email address' })
    .max(254, { error: 'Please enter a valid email address' })
    .pipe(z.email({ error: 'Please enter a valid email address' }))
    .transform((email) => email.toLowerCase()),
  phone: z
    .string({ error: 'Please enter your phone number' })
    .trim()
    .min(1, { error: 'Please enter your phone number' })
    .max(32, { error: 'Please enter a valid phone number' })
    .regex(/^\+?[\d\s\-()]+$/, { error: 'Please enter a valid phone number' }),
  fullname: z
    .string({ error: 'Please enter your full name' })
    .trim()
    .min(1, { error: 'Please enter your full name' })
    .max(120, { error: 'Please enter a shorter name' })
    // A name of fillers and zero-width characters reads as nobody in the feed and on loans.
    .refine(hasVisibleText, { error: 'Please enter a name with visible letters.' })
    .transform(withoutBidiControls),
  /** Sign-up asks for "a password"; the reset screen for "a new password" (SPEC §5). */
  password: newPassword('Please enter a password'),
  resetPassword: newPassword('Please enter a new password'),
  otp: z
    .string({ error: 'Please enter all 6 digits of the OTP' })
    .trim()
    .regex(/^\d{6}$/, { error: 'Please enter all 6 digits of the OTP' }),
};

/** A body naming an address only: resend and forgot-password. */
export const emailOnlyBody = z.object({ email: fields.email });
