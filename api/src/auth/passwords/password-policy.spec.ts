import { passwordMessages, passwordProblem } from './password-policy';

describe(passwordProblem.name, () => {
  it.each([
    ['', passwordMessages.required],
    ['abc12', passwordMessages.tooShort],
    ['x'.repeat(129), passwordMessages.tooLong],
    ['password', passwordMessages.tooCommon],
    ['Qwerty123', passwordMessages.tooCommon],
    ['iloveyou', passwordMessages.tooCommon],
  ])('refuses %j', (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it.each(['tide-lantern-97', 'x'.repeat(128), '😀😀😀😀😀😀'])('accepts %j', (password) => {
    expect(passwordProblem(password)).toBeUndefined();
  });
});
