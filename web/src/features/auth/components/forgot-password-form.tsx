import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useValidation } from '@/lib/validation';

import { useForgotPassword } from '../api/reset-password';
import { validateForgotPassword } from '../validation';
import styles from './auth-form.module.css';

export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const forgotPassword = useForgotPassword();
  const [email, setEmail] = useState('');
  const { errors, check } = useValidation(validateForgotPassword);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!check(event, { email })) {
      return;
    }
    const address = email.trim();
    forgotPassword.mutate(address, {
      onSuccess: () => {
        toast.success('Password reset email sent! Please check your inbox.');
        void navigate(`${paths.verifyOtp}?${new URLSearchParams({ email: address }).toString()}`);
      },
      onError: (error) => toast.error(error.message),
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
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
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
