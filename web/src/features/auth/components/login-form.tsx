import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';

import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { returnPath } from '@/lib/return-path';
import { session } from '@/lib/session';
import { acknowledgeTerms } from '@/lib/terms-acknowledgement';
import { useValidation } from '@/lib/validation';

import { useLogin } from '../api/login';
import { validateLogin } from '../validation';
import styles from './auth-form.module.css';

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, check } = useValidation(validateLogin);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!check(event, { email, password })) {
      return;
    }
    login.mutate(
      { email, password },
      {
        onSuccess: (signedIn) => {
          acknowledgeTerms();
          toast.success('Login successful! Welcome back!');
          session.signIn(signedIn);
          void navigate(returnPath(location.state), { replace: true });
        },
        onError: (error) => toast.error(error.message),
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
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <Link to={paths.forgotPassword} className={styles.forgot}>
        Forgot Password?
      </Link>
      <Button type="submit" block busy={login.isPending} busyText="Logging in...">
        Log In
      </Button>
      <p className={styles.alternative}>
        Don&apos;t have an account? <Link to={paths.signUp}>Sign Up</Link>
      </p>
    </form>
  );
}
