import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';

import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { acknowledgeTerms } from '@/lib/terms-acknowledgement';
import { focusFirstError } from '@/lib/validation';

import { useLogin } from '../api/login';
import { validateLogin } from '../validation';
import styles from './auth-form.module.css';

/** Where a signed-out visitor was headed before being sent to log in. */
function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  const pathname = from?.pathname;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) {
    return paths.dashboard;
  }
  return `${pathname}${typeof from?.search === 'string' ? from.search : ''}`;
}

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<ReturnType<typeof validateLogin>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateLogin({ email, password });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(event.currentTarget, found);
      return;
    }
    login.mutate(
      { email, password },
      {
        onSuccess: () => {
          acknowledgeTerms();
          toast.success('Login successful! Welcome back!');
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
