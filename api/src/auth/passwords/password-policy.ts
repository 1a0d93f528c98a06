import { dictionary } from '@zxcvbn-ts/language-common';

/** SPEC §9: passwords have at least 6 characters. */
export const MIN_PASSWORD_LENGTH = 6;
/** Bounds argon2's work per request (OWASP ASVS: allow at least 64, cap the rest). */
export const MAX_PASSWORD_LENGTH = 128;

/** About 49,000 passwords seen most often in breaches (zxcvbn-ts, MIT). */
const common = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

export const passwordMessages = {
  required: 'Please enter a password',
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  tooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`,
  tooCommon: 'This password is too common. Please choose a less common one.',
} as const;

/** What is wrong with a new password, in SPEC's words where it has them; undefined if nothing. */
export function passwordProblem(password: string): string | undefined {
  if (password === '') {
    return passwordMessages.required;
  }
  // Length in code points, so an emoji counts as one character, as a member would count it.
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) {
    return passwordMessages.tooShort;
  }
  if (length > MAX_PASSWORD_LENGTH) {
    return passwordMessages.tooLong;
  }
  if (common.has(password.toLowerCase())) {
    return passwordMessages.tooCommon;
  }
  return undefined;
}
