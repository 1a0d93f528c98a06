import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
} from '@nestjs/common';
import type { Request } from 'express';

import { bearerToken } from '../common/bearer-token';
import { sessionErrors, Sessions } from './sessions/sessions';

type AuthenticatedRequest = Request & { userId?: string };

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
