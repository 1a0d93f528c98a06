import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { notify } from '@/lib/toasts';
import { useValidation } from '@/lib/validation';

import { useForgotPassword } from '../api/reset-password';
import { codeClock } from '../code-clock';
import { validateForgotPassword } from '../validation';
import { belongsToField } from './verify-otp-form';
import styles from './auth-form.module.css';

const FORGOT = 'auth.forgot-password';

export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const forgotPassword = useForgotPassword();
  const [email, setEmail] = useState('');
  const { errors, check } = useValidation(validateForgotPassword);
  /** The API's refusal for this address (a code asked for too soon): said at the field. */
  const [refusal, setRefusal] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    setRefusal(undefined);
    if (!check(event, { email })) {
      return;
    }
    const address = email.trim();
    forgotPassword.mutate(address, {
      onSuccess: () => {
        codeClock.sent('password-reset', address);
        notify.success('Password reset email sent! Please check your inbox.', {
          action: FORGOT,
          forNextPage: true,
        });
        void navigate(`${paths.verifyOtp}?${new URLSearchParams({ email: address }).toString()}`);
      },
      onError: (error) => {
        if (belongsToField(error)) {
          notify.settle(FORGOT);
          setRefusal(error.message);
        } else {
          notify.error(error.message, { action: FORGOT });
        }
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setRefusal(undefined);
        }}
        error={errors.email ?? refusal}
      />
      <Button type="submit" block busy={forgotPassword.isPending} busyText="Sending...">
        Continue
      </Button>
      <p className={styles.alternative}>
        Remembered it? <Link to={paths.login}>Back to log in</Link>
      </p>
    </form>
  );
}
