import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';

import { Button } from '@/components/ui/button';
import { emptyOtp, OtpInput } from '@/components/ui/otp-input';
import { paths } from '@/config/paths';

import {
  OTP_VERIFY_FAILED,
  RESEND_FAILED,
  useResendSignUpCode,
  useVerifyAccount,
} from '../api/sign-up';
import { useForgotPassword, useVerifyResetCode } from '../api/reset-password';
import { pendingSignUp } from '../pending-sign-up';
import { validateOtp } from '../validation';
import styles from './auth-form.module.css';

const OTP_VERIFIED = 'OTP verified successfully!';
const RESENT = 'OTP has been resent to your email';

/**
 * SPEC §2, /verify-otp: with `resetEmail` it is the password-reset flow, otherwise sign-up,
 * whose details were held in memory by the sign-up screen.
 */
export function VerifyOtpForm({ resetEmail }: { resetEmail: string | null }) {
  const navigate = useNavigate();
  const [digits, setDigits] = useState(emptyOtp);
  const [error, setError] = useState<string>();
  const [signUp] = useState(() => pendingSignUp.get());
  const verifyAccount = useVerifyAccount();
  const verifyResetCode = useVerifyResetCode(OTP_VERIFY_FAILED);
  const resendSignUp = useResendSignUpCode();
  const resendReset = useForgotPassword(RESEND_FAILED);

  if (resetEmail === null && signUp === null) {
    return (
      <div className={styles.form}>
        <p>
          For your safety, the details you signed up with are kept only while this page is open, and
          they are gone now. Please sign up again: it takes a minute.
        </p>
        <Link to={paths.signUp}>Back to Sign Up</Link>
      </div>
    );
  }
  const email = resetEmail ?? signUp?.email ?? '';
  const busy = verifyAccount.isPending || verifyResetCode.isPending;
  const resending = resendSignUp.isPending || resendReset.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateOtp(digits);
    setError(found.otp);
    if (found.otp !== undefined) {
      return;
    }
    const otp = digits.join('');
    if (resetEmail !== null) {
      verifyResetCode.mutate(
        { email: resetEmail, otp },
        {
          onSuccess: () => {
            toast.success(OTP_VERIFIED);
            const query = new URLSearchParams({ email: resetEmail, otpCode: otp });
            void navigate(`${paths.createNewPassword}?${query.toString()}`);
          },
          onError: (failure) => toast.error(failure.message),
        },
      );
    } else if (signUp !== null) {
      verifyAccount.mutate(
        { details: signUp, otp },
        {
          onSuccess: (signedIn) => {
            pendingSignUp.forget();
            toast.success(OTP_VERIFIED);
            toast.success(`Welcome to LendPath, ${signedIn.user.fullname}!`);
            void navigate(paths.dashboard, { replace: true });
          },
          onError: (failure) => toast.error(failure.message),
        },
      );
    }
  };

  const resend = () => {
    const resendCode = resetEmail !== null ? resendReset : resendSignUp;
    resendCode.mutate(email, {
      onSuccess: () => {
        setDigits(emptyOtp());
        toast.success(RESENT);
      },
      onError: (failure) => toast.error(failure.message),
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p>
        Enter the 6-digit code we sent to <span className={styles.email}>{email}</span>.
      </p>
      <OtpInput
        value={digits}
        onChange={(next) => {
          setDigits(next);
          setError(undefined);
        }}
        onFullPaste={() => toast.success('OTP pasted successfully!')}
        error={error}
        disabled={busy}
        autoFocus
      />
      <Button type="submit" block busy={busy} busyText="Verifying...">
        Verify
      </Button>
      <p className={styles.row}>
        Didn&apos;t get the code?
        <button type="button" className={styles.linkButton} onClick={resend} disabled={resending}>
          Resend
        </button>
      </p>
    </form>
  );
}
