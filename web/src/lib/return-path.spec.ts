import { returnPath } from './return-path';

describe(returnPath.name, () => {
  it('goes back to the path and query the visitor was sent away from', () => {
    expect(returnPath({ from: { pathname: '/profile', search: '?tab=1' } })).toBe('/profile?tab=1');
  });

  it('goes to the dashboard without a usable path', () => {
    expect(returnPath(null)).toBe('/dashboard');
    expect(returnPath({ from: { pathname: 42 } })).toBe('/dashboard');
  });

  it('never leaves the app', () => {
    expect(returnPath({ from: { pathname: '//evil.example/x' } })).toBe('/dashboard');
    expect(returnPath({ from: { pathname: 'https://evil.example' } })).toBe('/dashboard');
  });
});
