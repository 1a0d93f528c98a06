import { randomBytes } from 'node:crypto';

import { stopToken, stopTokenMember } from './stop-links';

describe(stopTokenMember.name, () => {
  const key = randomBytes(32);
  const member = '0b6a6c1e-3f1c-4c7b-9a3f-5d2e8f9a1b2c';

  it('reads back the member a token was made for', () => {
    expect(stopTokenMember(key, stopToken(key, member))).toBe(member);
  });

  it('refuses a token of another key, another member, or altered', () => {
    const token = stopToken(key, member);
    const [, mac] = token.split('.') as [string, string];
    const other = '1b6a6c1e-3f1c-4c7b-9a3f-5d2e8f9a1b2c';
    expect(stopTokenMember(randomBytes(32), token)).toBeUndefined();
    expect(stopTokenMember(key, `${other}.${mac}`)).toBeUndefined();
    expect(stopTokenMember(key, `${member}.${mac.slice(0, -1)}`)).toBeUndefined();
    expect(stopTokenMember(key, `${token}=`)).toBeUndefined();
    expect(stopTokenMember(key, `${token}.x`)).toBeUndefined();
    expect(stopTokenMember(key, '')).toBeUndefined();
    expect(stopTokenMember(key, member)).toBeUndefined();
  });
});
