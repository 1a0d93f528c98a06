import { z } from 'zod';

import { passwordProblem } from '../auth/passwords/password-policy';
import { text } from '../common/text';

/** A password a member chooses: present (`required` when not), then the password policy. */
function newPassword(required: string) {
  return text({ name: 'Password', required, secret: true }).superRefine((password, context) => {
    const problem = passwordProblem(password);
    if (problem !== undefined) {
      context.addIssue({ code: 'custom', message: problem });
    }
  });
}

/** SPEC §5's field rules and messages, shared by every account call. */
export const fields = {
  email: text({
    name: 'Email address',
    required: 'Please enter your email address',
    invalid: 'Please enter a valid email address',
  })
    .max(254, { error: 'Please enter a valid email address' })
    .pipe(z.email({ error: 'Please enter a valid email address' }))
    .transform((email) => email.toLowerCase()),
  phone: text({
    name: 'Phone number',
    required: 'Please enter your phone number',
    invalid: 'Please enter a valid phone number',
  })
    .max(32, { error: 'Please enter a valid phone number' })
    .regex(/^\+?[\d\s\-()]+$/, { error: 'Please enter a valid phone number' }),
  fullname: text({
    name: 'Full name',
    required: 'Please enter your full name',
    // A name of fillers and zero-width characters reads as nobody in the feed and on loans.
    invisible: 'Please enter a name with visible letters.',
  }).max(120, { error: 'Please enter a shorter name' }),
  /** Sign-up asks for "a password"; the reset screen for "a new password" (SPEC §5). */
  password: newPassword('Please enter a password'),
  resetPassword: newPassword('Please enter a new password'),
  /** Six digits and nothing else: stricter than the text rule, so it needs no more. */
  otp: z
    .string({ error: 'Please enter all 6 digits of the OTP' })
    .trim()
    .regex(/^\d{6}$/, { error: 'Please enter all 6 digits of the OTP' }),
};

/** A body naming an address only: resend and forgot-password. */
export const emailOnlyBody = z.object({ email: fields.email });
