/** What sign-up asked for, held until the emailed code verifies it (SPEC §2, §4). */
export interface PendingSignUp {
  fullname: string;
  email: string;
  phone: string;
  password: string;
}

/**
 * Held in memory only: the password never reaches storage. A reload on /verify-otp therefore
 * loses it, and the screen sends the member back to sign up.
 */
let pending: PendingSignUp | null = null;

export const pendingSignUp = {
  hold(details: PendingSignUp): void {
    pending = details;
  },
  get(): PendingSignUp | null {
    return pending;
  },
  forget(): void {
    pending = null;
  },
};
