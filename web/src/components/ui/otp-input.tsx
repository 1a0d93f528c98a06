import {
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
  useImperativeHandle,
  useRef,
} from 'react';

import styles from './otp-input.module.css';

/** SPEC §9: codes have six digits. */
export const OTP_LENGTH = 6;

export const emptyOtp = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

/**
 * Pasted text stripped to digits (SPEC §5), laid into the boxes from `index` on. A full code
 * fills every box whatever box had the focus.
 */
export function pasteInto(
  digits: readonly string[],
  index: number,
  text: string,
): { digits: string[]; full: boolean; focus: number } {
  const pasted = text.replace(/\D/g, '');
  if (pasted.length >= OTP_LENGTH) {
    return {
      digits: pasted.slice(0, OTP_LENGTH).split(''),
      full: true,
      focus: OTP_LENGTH - 1,
    };
  }
  const next = [...digits];
  pasted.split('').forEach((digit, offset) => {
    if (index + offset < OTP_LENGTH) {
      next[index + offset] = digit;
    }
  });
  return {
    digits: next,
    full: false,
    focus: Math.min(index + pasted.length, OTP_LENGTH - 1),
  };
}

/** What a screen may do to the boxes from outside: start over at the first (a wrong code). */
export interface OtpInputHandle {
  focusFirst: () => void;
}

interface OtpInputProps {
  ref?: Ref<OtpInputHandle>;
  value: readonly string[];
  onChange: (digits: string[]) => void;
  /** Told when a paste filled all six boxes (the screen says so). */
  onFullPaste?: () => void;
  error?: string | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * Six one-digit boxes: a digit moves on to the next box, Backspace clears and moves back,
 * the arrows move, and a paste fills the boxes with the digits it holds.
 */
export function OtpInput({
  ref,
  value,
  onChange,
  onFullPaste,
  error,
  disabled,
  autoFocus,
}: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };
  useImperativeHandle(ref, () => ({ focusFirst: () => focus(0) }), []);

  const enter = (index: number, raw: string) => {
    // A box may hold a digit already: the newest one typed wins.
    const digit = raw.replace(/\D/g, '').slice(-1);
    if (raw !== '' && digit === '') {
      return;
    }
    if (raw.replace(/\D/g, '').length > 1) {
      // Some keyboards and autofill put the whole code into one box.
      const pasted = pasteInto(value, index, raw);
      onChange(pasted.digits);
      focus(pasted.focus);
      return;
    }
    const next = [...value];
    next[index] = digit;
    onChange(next);
    if (digit !== '' && index < OTP_LENGTH - 1) {
      focus(index + 1);
    }
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const next = [...value];
      if (value[index] !== '') {
        next[index] = '';
        onChange(next);
      } else if (index > 0) {
        next[index - 1] = '';
        onChange(next);
        focus(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const paste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = pasteInto(value, index, event.clipboardData.getData('text'));
    onChange(pasted.digits);
    focus(pasted.focus);
    if (pasted.full) {
      onFullPaste?.();
    }
  };

  return (
    <div className={styles.wrapper}>
      <div
        className={styles.boxes}
        role="group"
        aria-label="One-time code"
        aria-describedby={error !== undefined ? 'otp-error' : undefined}
      >
        {value.map((digit, index) => (
          <input
            // The boxes are a fixed row of six: the position is the identity.
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            className={[styles.box, error !== undefined ? styles.invalid : ''].join(' ')}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
            aria-invalid={error !== undefined}
            maxLength={OTP_LENGTH}
            value={digit}
            disabled={disabled}
            autoFocus={autoFocus === true && index === 0}
            onFocus={(event) => event.target.select()}
            onChange={(event) => enter(index, event.target.value)}
            onKeyDown={(event) => keyDown(index, event)}
            onPaste={(event) => paste(index, event)}
          />
        ))}
      </div>
      {error !== undefined && (
        <p id="otp-error" className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
