/** SPEC §5, Login: the fields' messages, checked in order. */
export interface LoginValues {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (values.email.trim() === '') {
    errors.email = 'Please enter your email address';
  }
  if (values.password === '') {
    errors.password = 'Please enter your password';
  }
  return errors;
}
