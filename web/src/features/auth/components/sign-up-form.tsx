import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { acknowledgeTerms } from '@/lib/terms-acknowledgement';
import { notify } from '@/lib/toasts';
import { useValidation } from '@/lib/validation';

import { useRequestAccount } from '../api/sign-up';
import { codeClock } from '../code-clock';
import { pendingSignUp } from '../pending-sign-up';
import { type SignUpValues, validateSignUp } from '../validation';
import styles from './auth-form.module.css';

/** Sign-up's toasts share one place (lib/toasts): a retry's answer replaces the last. */
const SIGN_UP = 'auth.sign-up';

const blank: SignUpValues = {
  fullname: '',
  phone: '',
  email: '',
  password: '',
  confirmPassword: '',
  agreed: false,
};

export function SignUpForm() {
  const navigate = useNavigate();
  const requestAccount = useRequestAccount();
  const [values, setValues] = useState<SignUpValues>(() => {
    // Back from /verify-otp ('Wrong email?') to correct a detail: the form still holds what was
    // typed; the password too unless the page was reloaded (it is never stored).
    const held = pendingSignUp.get();
    if (held === null) {
      return blank;
    }
    const password = held.password ?? '';
    return { ...blank, ...held, password, confirmPassword: password };
  });
  const { errors, check } = useValidation(validateSignUp);
  const field = <K extends keyof SignUpValues>(name: K, value: SignUpValues[K]) =>
    setValues((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!check(event, values)) {
      return;
    }
    const details = {
      fullname: values.fullname.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      password: values.password,
    };
    requestAccount.mutate(
      { email: details.email, phone: details.phone },
      {
        onSuccess: () => {
          pendingSignUp.hold(details);
          codeClock.sent('sign-up', details.email);
          acknowledgeTerms();
          // The one toast the code screen shows: it replaces any error of an earlier try.
          notify.success('Account created successfully! Please verify your email to continue.', {
            action: SIGN_UP,
            forNextPage: true,
          });
          void navigate(paths.verifyOtp);
        },
        onError: (error) => notify.error(error.message, { action: SIGN_UP }),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label="Full name"
        name="fullname"
        autoComplete="name"
        value={values.fullname}
        onChange={(event) => field('fullname', event.target.value)}
        error={errors.fullname}
      />
      <TextField
        label="Phone Number"
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        value={values.phone}
        onChange={(event) => field('phone', event.target.value)}
        error={errors.phone}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(event) => field('email', event.target.value)}
        error={errors.email}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        hint="At least 6 characters"
        value={values.password}
        onChange={(event) => field('password', event.target.value)}
        error={errors.password}
      />
      <PasswordField
        label="Confirm password"
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={(event) => field('confirmPassword', event.target.value)}
        error={errors.confirmPassword}
      />
      <Checkbox
        name="agreed"
        checked={values.agreed}
        onChange={(event) => field('agreed', event.target.checked)}
        error={errors.agreed}
        label={
          <>
            I agree to the{' '}
            <a href={paths.termsOfService} target="_blank" rel="noopener noreferrer">
              Terms of Service
            </a>{' '}
            and{' '}
            <a href={paths.privacyPolicy} target="_blank" rel="noopener noreferrer">
              Privacy Policy
            </a>
          </>
        }
      />
      <Button type="submit" block busy={requestAccount.isPending} busyText="Creating account...">
        Sign Up
      </Button>
      <p className={styles.alternative}>
        Already have an account? <Link to={paths.login}>Log in</Link>
      </p>
    </form>
  );
}
