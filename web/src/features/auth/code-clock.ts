import { useEffect, useState } from 'react';

/**
 * The API mails a code for an address and purpose at most once a minute (api
 * one-time-codes.ts, codeRules.resendCooldownSeconds), so Resend waits that long after a send.
 */
export const RESEND_COOLDOWN_SECONDS = 60;

export type CodePurpose = 'sign-up' | 'password-reset';

export const CODE_CLOCK_KEY = 'lendpath.codeClock';

interface Clock {
  purpose: CodePurpose;
  email: string;
  /** When the server will accept the next send (ms since the epoch). */
  resendAt: number;
}

function storage(): Storage | undefined {
  return typeof window === 'undefined' ? undefined : window.sessionStorage;
}

function write(clock: Clock): void {
  try {
    storage()?.setItem(CODE_CLOCK_KEY, JSON.stringify(clock));
  } catch {
    // Without storage the countdown starts over on a reload; the server still says no.
  }
}

/**
 * When a code was last sent, kept in session storage so a reload of the code screen counts down
 * from the real send, not from the reload.
 */
export const codeClock = {
  /** A code went out now. */
  sent(purpose: CodePurpose, email: string, at = Date.now()): void {
    write({ purpose, email, resendAt: at + RESEND_COOLDOWN_SECONDS * 1000 });
  },
  /** The server refused a send and said when it would take one (Retry-After). */
  refused(purpose: CodePurpose, email: string, retryAfterSeconds: number, at = Date.now()): void {
    write({ purpose, email, resendAt: at + retryAfterSeconds * 1000 });
  },
  /** When Resend may be used for this address and purpose; 0 when no send is known. */
  resendAt(purpose: CodePurpose, email: string): number {
    try {
      const raw = storage()?.getItem(CODE_CLOCK_KEY) ?? null;
      const clock = raw === null ? null : (JSON.parse(raw) as Partial<Clock>);
      return clock?.purpose === purpose &&
        clock.email === email &&
        typeof clock.resendAt === 'number'
        ? clock.resendAt
        : 0;
    } catch {
      return 0;
    }
  },
  forget(): void {
    try {
      storage()?.removeItem(CODE_CLOCK_KEY);
    } catch {
      // Nothing was stored.
    }
  },
};

/** Whole seconds left until `until` (ms since the epoch), ticking once a second down to 0. */
export function useSecondsLeft(until: number): number {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (left() === 0) {
      return undefined;
    }
    const timer = window.setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) {
        window.clearInterval(timer);
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return seconds;
}

/** "0:42": minutes and seconds, as the countdown shows it. */
export function clockText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
