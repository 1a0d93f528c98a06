import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';

import { useLogin } from '../api/login';
import { type LoginErrors, validateLogin } from '../validation';
import styles from './login-form.module.css';

export function LoginForm() {
  const navigate = useNavigate();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<LoginErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin({ email, password });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      return;
    }
    login.mutate(
      { email, password },
      {
        onSuccess: () => {
          toast.success('Login successful! Welcome back!');
          void navigate(paths.dashboard);
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
      <TextField
        label="Password"
        type={showPassword ? 'text' : 'password'}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        trailing={
          <button
            type="button"
            className={styles.toggle}
            onClick={() => setShowPassword((shown) => !shown)}
            aria-pressed={showPassword}
          >
            {showPassword ? 'Hide' : 'Show'}
            <span className="visually-hidden"> password</span>
          </button>
        }
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
