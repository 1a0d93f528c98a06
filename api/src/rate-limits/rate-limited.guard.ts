import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';

import { type Policy, RateLimits } from './rate-limits';

const POLICY = Symbol('rate-limit-policy');

/**
 * Limits a route per client IP, and per account when the body names one (`email`). Runs before
 * validation, so malformed requests count too.
 */
export const RateLimited = (policy: Policy) =>
  applyDecorators(SetMetadata(POLICY, policy), UseGuards(RateLimitedGuard));

@Injectable()
export class RateLimitedGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.get<Policy>(POLICY, context.getHandler());
    const request = context.switchToHttp().getRequest<Request>();
    const scopes = [`ip:${request.ip ?? request.socket.remoteAddress ?? 'unknown'}`];
    const email: unknown = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email === 'string' && email.trim() !== '') {
      scopes.push(`email:${email.trim().toLowerCase()}`);
    }
    await this.limits.hit(policy, scopes);
    return true;
  }
}
