import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { emptyOtp, OtpInput, type OtpInputHandle } from '@/components/ui/otp-input';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toasts';

import { useForgotPassword, useVerifyResetCode } from '../api/reset-password';
import {
  OTP_VERIFY_FAILED,
  RESEND_FAILED,
  useResendSignUpCode,
  useVerifyAccount,
} from '../api/sign-up';
import { clockText, codeClock, type CodePurpose, useSecondsLeft } from '../code-clock';
import { pendingSignUp } from '../pending-sign-up';
import { validateOtp, validateSignUpPassword } from '../validation';
import styles from './auth-form.module.css';

const OTP_VERIFIED = 'OTP verified successfully!';
const RESENT = 'OTP has been resent to your email';
const PASTED = 'OTP pasted successfully!';

/** One place per action for its toasts (lib/toasts): a retry's news replaces the last. */
const VERIFY = 'auth.verify';
const RESEND = 'auth.resend';

/**
 * A refusal about what was sent (a wrong or expired code, too many tries) belongs to the field;
 * a server that failed or could not be reached belongs to no field and is a toast.
 */
export function belongsToField(error: Error): error is ApiError {
  return error instanceof ApiError && error.status !== undefined && error.status < 500;
}

/** A wait in words: '45 seconds', '1 minute', '12 minutes'. */
export function waitWords(seconds: number): string {
  if (seconds < 60) {
    return `${seconds} second${seconds === 1 ? '' : 's'}`;
  }
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * The address with a line-break opportunity before each '@', '.', '-', '_' and '+', so a long
 * address wraps between its parts and never inside one.
 */
export function AddressText({ email }: { email: string }) {
  const parts = email.split(/(?=[@.\-_+])/);
  return (
    <span className={styles.email}>
      {parts.map((part, index) => (
        // The parts of one address in order: the position is the identity.
        <span key={index}>
          {index > 0 && <wbr />}
          <span className={styles.emailPart}>{part}</span>
        </span>
      ))}
    </span>
  );
}

/**
 * SPEC §2, /verify-otp: with `resetEmail` it is the password-reset flow, otherwise sign-up,
 * whose details the sign-up screen held (the password in memory only: after a reload this
 * screen asks for it again).
 */
export function VerifyOtpForm({ resetEmail }: { resetEmail: string | null }) {
  const navigate = useNavigate();
  const boxes = useRef<OtpInputHandle>(null);
  const [digits, setDigits] = useState(emptyOtp);
  const [error, setError] = useState<string>();
  const [signUp] = useState(() => pendingSignUp.get());
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [restartRequest, setRestartRequest] = useState(0);
  const purpose: CodePurpose = resetEmail === null ? 'sign-up' : 'password-reset';
  const email = resetEmail ?? signUp?.email ?? '';
  const [resendAt, setResendAt] = useState(() => codeClock.resendAt(purpose, email));
  const [resendNote, setResendNote] = useState<string>();
  const secondsLeft = useSecondsLeft(resendAt);
  const waiting = secondsLeft > 0;
  const [announcement, setAnnouncement] = useState('');
  const verifyAccount = useVerifyAccount();
  const verifyResetCode = useVerifyResetCode(OTP_VERIFY_FAILED);
  const resendSignUp = useResendSignUpCode();
  const resendReset = useForgotPassword(RESEND_FAILED);

  // After a wrong code the boxes are enabled again by the render that shows the message; only
  // then can the first take the focus.
  useEffect(() => {
    if (restartRequest > 0) {
      boxes.current?.focusFirst();
    }
  }, [restartRequest]);

  // Said when a wait starts and when it ends, never each second: set after the first render, as a
  // live region reads changes, not what it held when it appeared.
  useEffect(() => {
    setAnnouncement(
      waiting
        ? `You can ask for a new code in ${waitWords(Math.ceil((resendAt - Date.now()) / 1000))}.`
        : 'You can ask for a new code now.',
    );
  }, [waiting, resendAt]);

  if (resetEmail === null && signUp === null) {
    return (
      <div className={styles.form}>
        <p>
          The details you signed up with are no longer held in this tab. Please sign up again: it
          takes a minute.
        </p>
        <Link to={paths.signUp}>Back to Sign Up</Link>
      </div>
    );
  }
  const needsPassword = signUp !== null && signUp.password === null;
  const busy = verifyAccount.isPending || verifyResetCode.isPending;
  const resending = resendSignUp.isPending || resendReset.isPending;

  const wrongCode = (message: string) => {
    setError(message);
    setDigits(emptyOtp());
    setRestartRequest((count) => count + 1);
  };
  const failed = (failure: Error) => {
    if (belongsToField(failure)) {
      notify.settle(VERIFY);
      wrongCode(failure.message);
    } else {
      notify.error(failure.message, { action: VERIFY });
    }
  };

  const verify = (code: readonly string[]) => {
    const found = validateOtp(code);
    setError(found.otp);
    const passwordFound = needsPassword ? validateSignUpPassword({ password }) : {};
    setPasswordError(passwordFound.password);
    if (found.otp !== undefined || passwordFound.password !== undefined || busy) {
      return;
    }
    const otp = code.join('');
    if (resetEmail !== null) {
      verifyResetCode.mutate(
        { email: resetEmail, otp },
        {
          onSuccess: () => {
            codeClock.forget();
            notify.success(OTP_VERIFIED, { action: VERIFY, forNextPage: true });
            const query = new URLSearchParams({ email: resetEmail, otpCode: otp });
            void navigate(`${paths.createNewPassword}?${query.toString()}`);
          },
          onError: failed,
        },
      );
    } else if (signUp !== null) {
      verifyAccount.mutate(
        { details: { ...signUp, password: signUp.password ?? password }, otp },
        {
          onSuccess: (signedIn) => {
            pendingSignUp.forget();
            codeClock.forget();
            // One welcome: it takes the place of whatever this action said before.
            notify.success(`Welcome to LendPath, ${signedIn.user.fullname}!`, {
              action: VERIFY,
              forNextPage: true,
            });
            void navigate(paths.dashboard, { replace: true });
          },
          onError: failed,
        },
      );
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify(digits);
  };

  const resend = () => {
    const resendCode = resetEmail !== null ? resendReset : resendSignUp;
    setResendNote(undefined);
    resendCode.mutate(email, {
      onSuccess: () => {
        codeClock.sent(purpose, email);
        setResendAt(codeClock.resendAt(purpose, email));
        setDigits(emptyOtp());
        setError(undefined);
        notify.success(RESENT, { action: RESEND });
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.retryAfterSeconds !== undefined) {
          // The server's own word on how long: the countdown starts over from it.
          codeClock.refused(purpose, email, failure.retryAfterSeconds);
          setResendAt(codeClock.resendAt(purpose, email));
        }
        if (belongsToField(failure)) {
          notify.settle(RESEND);
          setResendNote(failure.message);
        } else {
          notify.error(failure.message, { action: RESEND });
        }
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p>
        Enter the 6-digit code we sent to <AddressText email={email} />.{' '}
        <Link
          to={resetEmail === null ? paths.signUp : paths.forgotPassword}
          className={styles.nowrap}
        >
          Wrong email?
        </Link>
      </p>
      {needsPassword && (
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          hint="The page was reloaded, and for your safety we never store your password: please enter the one you chose again."
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setPasswordError(undefined);
          }}
          error={passwordError}
        />
      )}
      <OtpInput
        ref={boxes}
        value={digits}
        onChange={(next) => {
          setDigits(next);
          setError(undefined);
          // The sixth digit submits: typed or pasted, a full code needs no extra click.
          if (next.every((digit) => digit !== '') && digits.some((digit) => digit === '')) {
            verify(next);
          }
        }}
        onFullPaste={() => notify.success(PASTED, { action: VERIFY })}
        error={error}
        disabled={busy}
        autoFocus={!needsPassword}
      />
      <Button type="submit" block busy={busy} busyText="Verifying...">
        Verify
      </Button>
      <div className={styles.resend}>
        <p className={styles.row}>
          Didn&apos;t get the code?
          <button
            type="button"
            className={styles.linkButton}
            onClick={resend}
            disabled={resending || waiting}
            aria-describedby={resendNote !== undefined ? 'resend-note' : undefined}
          >
            Resend
            {waiting && <span className={styles.countdown}> in {clockText(secondsLeft)}</span>}
          </button>
        </p>
        {resendNote !== undefined && (
          <p id="resend-note" className={styles.resendNote} role="alert">
            {resendNote}
          </p>
        )}
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      </div>
    </form>
  );
}
