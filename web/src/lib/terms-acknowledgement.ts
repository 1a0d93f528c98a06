/** Whether this browser has agreed to the terms and privacy policy (SPEC §2, §4). */
export const TERMS_KEY = 'lendpath.termsAccepted';

export function hasAcknowledgedTerms(): boolean {
  try {
    return window.localStorage.getItem(TERMS_KEY) !== null;
  } catch {
    return false;
  }
}

/** Stored on agreeing in the modal, and on login and sign-up (SPEC §4). */
export function acknowledgeTerms(): void {
  try {
    window.localStorage.setItem(TERMS_KEY, new Date().toISOString());
  } catch {
    // Storage refused (private mode): the modal asks again next time, nothing worse.
  }
}
