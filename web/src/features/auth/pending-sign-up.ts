/** What sign-up asked for, held until the emailed code verifies it (SPEC §2, §4). */
export interface PendingSignUp {
  fullname: string;
  email: string;
  phone: string;
  password: string;
}

/** What survives a reload: everything but the password. */
export type HeldDetails = Omit<PendingSignUp, 'password'>;

export const PENDING_SIGN_UP_KEY = 'lendpath.pendingSignUp';

/**
 * The password lives in this page's memory only, never in storage; a reload loses it and the
 * code screen asks for it again.
 */
let password: string | null = null;

function storage(): Storage | undefined {
  return typeof window === 'undefined' ? undefined : window.sessionStorage;
}

function readHeld(): HeldDetails | null {
  try {
    const raw = storage()?.getItem(PENDING_SIGN_UP_KEY) ?? null;
    if (raw === null) {
      return null;
    }
    const held = JSON.parse(raw) as Partial<HeldDetails>;
    const text = (value: unknown): value is string => typeof value === 'string';
    return text(held.fullname) && text(held.email) && text(held.phone) && held.email !== ''
      ? { fullname: held.fullname, email: held.email, phone: held.phone }
      : null;
  } catch {
    // Storage refused, or someone's edit: nothing held is the safe reading.
    return null;
  }
}

/**
 * The details are kept in session storage (this tab, until it closes) so a reload of the code
 * screen keeps name, email and phone; the password is kept apart, in memory.
 */
export const pendingSignUp = {
  hold(details: PendingSignUp): void {
    password = details.password;
    const held: HeldDetails = {
      fullname: details.fullname,
      email: details.email,
      phone: details.phone,
    };
    try {
      storage()?.setItem(PENDING_SIGN_UP_KEY, JSON.stringify(held));
    } catch {
      // Private mode or a full quota: the details still work until this page goes.
    }
  },
  /** The held details, with the password when this page still has it (null after a reload). */
  get(): (HeldDetails & { password: string | null }) | null {
    const held = readHeld();
    return held === null ? null : { ...held, password };
  },
  forget(): void {
    password = null;
    try {
      storage()?.removeItem(PENDING_SIGN_UP_KEY);
    } catch {
      // Nothing was stored.
    }
  },
};
