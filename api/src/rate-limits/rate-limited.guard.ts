import {
  applyDecorators,
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { concatMap, type Observable } from 'rxjs';

import { type Policy, RateLimits, type Requester } from './rate-limits';

const POLICY = Symbol('rate-limit-policy');

/** Policies whose successes give their hit back: what they count is failures. */
const countsFailures: ReadonlySet<Policy> = new Set(['login', 'codeVerification']);

/**
 * Limits a route per client IP, and per account (with the client) when the body names one
 * (`email`). Runs before validation, so malformed requests count too. For login and code checks a
 * success clears the client's count and gives the shared counts their hit back.
 */
export const RateLimited = (policy: Policy) =>
  applyDecorators(
    SetMetadata(POLICY, policy),
    UseGuards(RateLimitedGuard),
    ...(countsFailures.has(policy) ? [UseInterceptors(ForgiveOnSuccess)] : []),
  );

function requesterOf(context: ExecutionContext): Requester {
  const request = context.switchToHttp().getRequest<Request>();
  const ip = request.ip ?? request.socket.remoteAddress ?? 'unknown';
  const email: unknown = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() !== ''
    ? { ip, email: email.trim().toLowerCase() }
    : { ip };
}

@Injectable()
export class RateLimitedGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.get<Policy>(POLICY, context.getHandler());
    await this.limits.attempt(policy, requesterOf(context));
    return true;
  }
}

@Injectable()
export class ForgiveOnSuccess implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimits,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const policy = this.reflector.get<Policy>(POLICY, context.getHandler());
    const requester = requesterOf(context);
    return next.handle().pipe(
      concatMap(async (answer: unknown) => {
        await this.limits.succeeded(policy, requester);
        return answer;
      }),
    );
  }
}
