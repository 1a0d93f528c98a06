import { randomUUID } from 'node:crypto';

import { SignJWT } from 'jose';

/**
 * An access token for `userId`, as api/src/auth/sessions/sessions.ts signs them: it names a
 * sign-in (`fid`) that was never revoked, so the API's revocation check runs and passes.
 */
export function signToken(userId: string, secret: string): Promise<string> {
  return new SignJWT({ fid: randomUUID() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer('lendpath')
    .setAudience('lendpath-api')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(secret));
}
