import { Checks, EMAIL_SHAPE, type Errors, PHONE_SHAPE, phoneMessages } from '@/lib/validation';

/** SPEC §9. */
export const MIN_PASSWORD_LENGTH = 6;

const messages = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  nameRequired: 'Please enter your full name',
  passwordRequired: 'Please enter a password',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  confirmRequired: 'Please confirm your password',
  mismatch: 'Passwords do not match',
} as const;

export interface LoginValues {
  email: string;
  password: string;
}

export function validateLogin(values: LoginValues): Errors<keyof LoginValues> {
  return new Checks<keyof LoginValues>()
    .rule('email', values.email.trim() === '', messages.emailRequired)
    .rule('password', values.password === '', 'Please enter your password').errors;
}

export interface SignUpValues {
  fullname: string;
  phone: string;
  email: string;
  password: string;
  confirmPassword: string;
  agreed: boolean;
}

export function validateSignUp(values: SignUpValues): Errors<keyof SignUpValues> {
  const email = values.email.trim();
  const phone = values.phone.trim();
  return new Checks<keyof SignUpValues>()
    .rule('fullname', values.fullname.trim() === '', messages.nameRequired)
    .rule('email', email === '', messages.emailRequired)
    .rule('email', !EMAIL_SHAPE.test(email), messages.emailInvalid)
    .rule('phone', phone === '', phoneMessages.required)
    .rule('phone', !PHONE_SHAPE.test(phone), phoneMessages.invalid)
    .rule('password', values.password === '', messages.passwordRequired)
    .rule('password', [...values.password].length < MIN_PASSWORD_LENGTH, messages.passwordTooShort)
    .rule('confirmPassword', values.confirmPassword === '', messages.confirmRequired)
    .rule('confirmPassword', values.confirmPassword !== values.password, messages.mismatch)
    .rule(
      'agreed',
      !values.agreed,
      'You must agree to the Terms of Service and Privacy Policy to continue',
    ).errors;
}

/**
 * The code screen after a reload asks for the sign-up password again (it is never stored): the
 * same rules as sign-up's password field.
 */
export function validateSignUpPassword(values: { password: string }): Errors<'password'> {
  return new Checks<'password'>()
    .rule('password', values.password === '', messages.passwordRequired)
    .rule('password', [...values.password].length < MIN_PASSWORD_LENGTH, messages.passwordTooShort)
    .errors;
}

export function validateForgotPassword(values: { email: string }): Errors<'email'> {
  const email = values.email.trim();
  return new Checks<'email'>()
    .rule('email', email === '', messages.emailRequired)
    .rule('email', !EMAIL_SHAPE.test(email), messages.emailInvalid).errors;
}

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

export function validateNewPassword(values: NewPasswordValues): Errors<keyof NewPasswordValues> {
  return new Checks<keyof NewPasswordValues>()
    .rule('password', values.password === '', 'Please enter a new password')
    .rule('password', [...values.password].length < MIN_PASSWORD_LENGTH, messages.passwordTooShort)
    .rule('confirmPassword', values.confirmPassword === '', messages.confirmRequired)
    .rule('confirmPassword', values.confirmPassword !== values.password, messages.mismatch).errors;
}

export const OTP_INCOMPLETE = 'Please enter all 6 digits of the OTP';

export function validateOtp(digits: readonly string[]): Errors<'otp'> {
  return new Checks<'otp'>().rule(
    'otp',
    digits.length !== 6 || digits.some((digit) => !/^\d$/.test(digit)),
    OTP_INCOMPLETE,
  ).errors;
}
