import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { returnPath } from '@/lib/return-path';
import { session } from '@/lib/session';
import { acknowledgeTerms } from '@/lib/terms-acknowledgement';
import { notify } from '@/lib/toasts';
import { useValidation } from '@/lib/validation';

import { useLogin } from '../api/login';
import { validateLogin } from '../validation';
import { belongsToField } from './verify-otp-form';
import styles from './auth-form.module.css';

const LOGIN = 'auth.login';

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, check } = useValidation(validateLogin);
  /** The API's refusal of this email and password: said at the password, where it is fixed. */
  const [refusal, setRefusal] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    setRefusal(undefined);
    if (!check(event, { email, password })) {
      return;
    }
    const form = event.currentTarget;
    login.mutate(
      { email, password },
      {
        onSuccess: (signedIn) => {
          acknowledgeTerms();
          notify.success('Login successful! Welcome back!', { action: LOGIN, forNextPage: true });
          session.signIn(signedIn);
          void navigate(returnPath(location.state), { replace: true });
        },
        onError: (error) => {
          // A wrong email or password (401) belongs to the field; a brake (429) or a server
          // that failed belongs to no field.
          if (belongsToField(error) && error.status === 401) {
            notify.settle(LOGIN);
            setRefusal(error.message);
            form.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
          } else {
            notify.error(error.message, { action: LOGIN });
          }
        },
      },
    );
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
        error={errors.email}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setRefusal(undefined);
        }}
        error={errors.password ?? refusal}
      />
      <Link to={paths.forgotPassword} className={styles.forgot}>
        Forgot Password?
      </Link>
      <Button type="submit" block busy={login.isPending} busyText="Logging in...">
        Log in
      </Button>
      <p className={styles.alternative}>
        Don&apos;t have an account? <Link to={paths.signUp}>Sign Up</Link>
      </p>
    </form>
  );
}
