import { validateLogin } from './validation';

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

  it('reports both at once', () => {
    expect(Object.keys(validateLogin({ email: '', password: '' }))).toEqual(['email', 'password']);
  });
});
