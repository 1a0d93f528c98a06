import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { notify } from '@/lib/toasts';
import { useValidation } from '@/lib/validation';

import { useResetPassword } from '../api/reset-password';
import { validateNewPassword } from '../validation';
import styles from './auth-form.module.css';

const RESET = 'auth.reset-password';

/** The reset's last step; the route makes sure the email and the code are there. */
export function CreatePasswordForm({ email, otpCode }: { email: string; otpCode: string }) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { errors, check } = useValidation(validateNewPassword);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!check(event, { password, confirmPassword })) {
      return;
    }
    resetPassword.mutate(
      { email, otpCode, newPassword: password },
      {
        onSuccess: () => {
          notify.success('Password changed successfully!', { action: RESET, forNextPage: true });
          void navigate(paths.passwordChanged, { replace: true });
        },
        onError: (error) => notify.error(error.message, { action: RESET }),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <PasswordField
        label="New password"
        name="password"
        autoComplete="new-password"
        hint="At least 6 characters"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <PasswordField
        label="Confirm password"
        name="confirmPassword"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
        error={errors.confirmPassword}
      />
      <Button type="submit" block busy={resetPassword.isPending} busyText="Saving...">
        Reset password
      </Button>
    </form>
  );
}
