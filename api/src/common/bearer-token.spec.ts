import { bearerToken } from './bearer-token';

describe(bearerToken.name, () => {
  it.each([
    ['Bearer abc.def.ghi', 'abc.def.ghi'],
    ['bearer abc', 'abc'],
    ['BEARER\tabc', 'abc'],
    ['Bearer   abc  ', 'abc'],
    ['Bearer ', ''],
    ['Bearer', ''],
    ['', ''],
    [undefined, ''],
    ['Basic abc', ''],
    ['Bearerabc', ''],
  ])('takes the token of %j as %j, as the header’s pattern does', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });

  it('hands a token with a space inside to the comparison, which refuses it as any other', () => {
    // The pattern finds no token in it (so: signed out); either way the request is refused.
    expect(bearerToken('Bearer abc def')).toBe('abc def');
  });
});
