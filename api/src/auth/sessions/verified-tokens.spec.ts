import { VerifiedTokens } from './verified-tokens';

describe(VerifiedTokens.name, () => {
  const claims = (expiresAt: number) => ({ subject: 'member', family: 'family', expiresAt });

  it('answers a verified token until the second it expires, then forgets it', () => {
    let now = 1_000_000;
    const tokens = new VerifiedTokens(10, () => now);
    tokens.add('a.b.c', claims(1_010));
    expect(tokens.get('a.b.c')).toEqual(claims(1_010));
    now = 1_009_999;
    expect(tokens.get('a.b.c')).toEqual(claims(1_010));
    now = 1_010_000;
    expect(tokens.get('a.b.c')).toBeUndefined();
    now = 1_000_000;
    expect(tokens.get('a.b.c')).toBeUndefined();
  });

  it('knows nothing of a token it was not given', () => {
    expect(new VerifiedTokens().get('x.y.z')).toBeUndefined();
  });

  it('answers only the whole token it verified, not another with the same signature', () => {
    const tokens = new VerifiedTokens(10, () => 0);
    tokens.add('header.payload.signature', claims(10));
    expect(tokens.get('header.other-payload.signature')).toBeUndefined();
    expect(tokens.get('signature')).toBeUndefined();
    expect(tokens.get('header.payload.signature')).toEqual(claims(10));
  });

  it('keeps at most its capacity, dropping the oldest first', () => {
    const tokens = new VerifiedTokens(2, () => 0);
    tokens.add('one', claims(10));
    tokens.add('two', claims(10));
    tokens.add('three', claims(10));
    expect(tokens.get('one')).toBeUndefined();
    expect(tokens.get('two')).toBeDefined();
    expect(tokens.get('three')).toBeDefined();
  });
});
