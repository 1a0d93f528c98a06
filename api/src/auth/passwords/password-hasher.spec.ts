import { PasswordHasher } from './password-hasher';

describe(PasswordHasher.name, () => {
  const hasher = new PasswordHasher();

  it('hashes with argon2id at m=19 MiB, t=2, p=1', async () => {
    expect(await hasher.hash('tide-lantern-97')).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hasher.hash('tide-lantern-97');
    expect(await hasher.verify(hash, 'tide-lantern-97')).toBe(true);
    expect(await hasher.verify(hash, 'tide-lantern-98')).toBe(false);
  });

  it('answers false, not an error, for a malformed hash', async () => {
    expect(await hasher.verify('not-a-hash', 'x')).toBe(false);
  });

  it('verifies nothing as false', async () => {
    expect(await hasher.verifyNothing('anything')).toBe(false);
  });
});
