import {
  OTP_INCOMPLETE,
  type SignUpValues,
  validateForgotPassword,
  validateLogin,
  validateNewPassword,
  validateOtp,
  validateSignUp,
} from './validation';

describe(validateLogin.name, () => {
  it('accepts an email and a password', () => {
    expect(validateLogin({ email: 'ada@example.com', password: 'secret' })).toEqual({});
  });

  it('asks for the email when it is blank after trimming', () => {
    expect(validateLogin({ email: '   ', password: 'secret' })).toEqual({
      email: 'Please enter your email address',
    });
  });

  it('asks for the password when it is empty', () => {
    expect(validateLogin({ email: 'ada@example.com', password: '' })).toEqual({
      password: 'Please enter your password',
    });
  });

  it('reports both at once, email first', () => {
    expect(Object.keys(validateLogin({ email: '', password: '' }))).toEqual(['email', 'password']);
  });
});

describe(validateSignUp.name, () => {
  const valid: SignUpValues = {
    fullname: 'Ada Lovelace',
    phone: '+44 (20) 7946-0958',
    email: 'ada@example.com',
    password: 'analytical',
    confirmPassword: 'analytical',
    agreed: true,
  };
  const first = (values: Partial<SignUpValues>) =>
    Object.values(validateSignUp({ ...valid, ...values }))[0];

  it('accepts a complete sign-up', () => {
    expect(validateSignUp(valid)).toEqual({});
  });

  // SPEC §5, Sign-up: each rule broken alone gives its message.
  it.each<[string, Partial<SignUpValues>, string]>([
    ['1 name', { fullname: '  ' }, 'Please enter your full name'],
    ['2 email present', { email: ' ' }, 'Please enter your email address'],
    ['3 email shape', { email: 'ada@example' }, 'Please enter a valid email address'],
    [
      '3 email shape (spaces)',
      { email: 'ada lovelace@example.com' },
      'Please enter a valid email address',
    ],
    ['4 phone present', { phone: '' }, 'Please enter your phone number'],
    ['5 phone shape (letters)', { phone: '0800-CALL-ADA' }, 'Please enter a valid phone number'],
    ['5 phone shape (+ inside)', { phone: '44+20' }, 'Please enter a valid phone number'],
    ['6 password present', { password: '', confirmPassword: '' }, 'Please enter a password'],
    [
      '7 password length',
      { password: 'abc12', confirmPassword: 'abc12' },
      'Password must be at least 6 characters long',
    ],
    ['8 confirmation present', { confirmPassword: '' }, 'Please confirm your password'],
    ['9 match', { confirmPassword: 'analyticaL' }, 'Passwords do not match'],
    [
      '10 terms',
      { agreed: false },
      'You must agree to the Terms of Service and Privacy Policy to continue',
    ],
  ])('rule %s', (_rule, values, message) => {
    expect(first(values)).toBe(message);
  });

  it('checks in SPEC order: the first message is the first rule broken', () => {
    const errors = validateSignUp({
      fullname: '',
      phone: 'x',
      email: '',
      password: '123',
      confirmPassword: '',
      agreed: false,
    });
    expect(Object.entries(errors)).toEqual([
      ['fullname', 'Please enter your full name'],
      ['email', 'Please enter your email address'],
      ['phone', 'Please enter a valid phone number'],
      ['password', 'Password must be at least 6 characters long'],
      ['confirmPassword', 'Please confirm your password'],
      ['agreed', 'You must agree to the Terms of Service and Privacy Policy to continue'],
    ]);
  });

  it('counts characters as a member would (an emoji is one)', () => {
    expect(first({ password: '12345😀', confirmPassword: '12345😀' })).toBeUndefined();
    expect(first({ password: '1234😀', confirmPassword: '1234😀' })).toBe(
      'Password must be at least 6 characters long',
    );
  });
});

describe(validateForgotPassword.name, () => {
  it('asks for the email, then for a valid one', () => {
    expect(validateForgotPassword({ email: ' ' })).toEqual({
      email: 'Please enter your email address',
    });
    expect(validateForgotPassword({ email: 'ada' })).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(validateForgotPassword({ email: ' ada@example.com ' })).toEqual({});
  });
});

describe(validateNewPassword.name, () => {
  it.each([
    [
      { password: '', confirmPassword: '' },
      ['Please enter a new password', 'Please confirm your password'],
    ],
    [
      { password: 'short', confirmPassword: 'short' },
      ['Password must be at least 6 characters long'],
    ],
    [{ password: 'longer1', confirmPassword: '' }, ['Please confirm your password']],
    [{ password: 'longer1', confirmPassword: 'longer2' }, ['Passwords do not match']],
    [{ password: 'longer1', confirmPassword: 'longer1' }, []],
  ])('%j → %j', (values, messages) => {
    expect(Object.values(validateNewPassword(values))).toEqual(messages);
  });
});

describe(validateOtp.name, () => {
  it('wants all six digits', () => {
    expect(validateOtp(['1', '2', '3', '4', '5', '6'])).toEqual({});
    expect(validateOtp(['1', '2', '3', '', '5', '6'])).toEqual({ otp: OTP_INCOMPLETE });
    expect(validateOtp(['1', '2', '3', '4', '5'])).toEqual({ otp: OTP_INCOMPLETE });
    expect(validateOtp(['1', '2', '3', '4', '5', 'x'])).toEqual({ otp: OTP_INCOMPLETE });
    expect(OTP_INCOMPLETE).toBe('Please enter all 6 digits of the OTP');
  });
});
