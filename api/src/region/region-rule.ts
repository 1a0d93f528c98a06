import {
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  Logger,
  type NestMiddleware,
  UseGuards,
} from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

import { DomainError } from '../common/domain-error';
import { ENV, type Env } from '../config/env';
import { RegionCheck } from './region-check';

/** RFC 7725; Nest's HttpStatus has no name for it. */
const UNAVAILABLE_FOR_LEGAL_REASONS = 451;

export const regionErrors = {
  blocked: () =>
    new DomainError(
      'REGION_BLOCKED',
      'LendPath is not available in your region.',
      UNAVAILABLE_FOR_LEGAL_REASONS,
    ),
};

/**
 * The visitor's address: the socket's, or X-Forwarded-For's only through the trusted proxies
 * TRUST_PROXY_HOPS configures, so a spoofed header cannot get around the rule.
 */
export const visitorAddress = (request: Request): string =>
  request.ip ?? request.socket.remoteAddress ?? '';

/** Answers 451 `REGION_BLOCKED` to visitors from where the platform is not offered (SPEC §1). */
@Injectable()
export class RegionGuard implements CanActivate {
  constructor(private readonly regions: RegionCheck) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (this.regions.verdict(visitorAddress(request)).blocked) {
      throw regionErrors.blocked();
    }
    return true;
  }
}

/**
 * The region rule, enforced on the server: account creation, sign-in and every lending write
 * carry it, so a client that skips its start-up check (GET /) is refused all the same.
 */
export const RegionRule = () => UseGuards(RegionGuard);

/**
 * Says once, in production, that the API cannot see its visitors: a request came through a proxy
 * (it carries X-Forwarded-For) yet its address, after the trusted hops, is a private one. Then
 * every visitor looks private, passes the region rule and shares one per-IP budget; the fix is
 * TRUST_PROXY_HOPS set to the number of proxies in front of the API.
 */
@Injectable()
export class UntrustedProxyWarning implements NestMiddleware {
  private readonly logger = new Logger('RegionRule');
  private warned = false;

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly regions: RegionCheck,
  ) {}

  use(request: Request, _response: Response, next: NextFunction): void {
    if (
      !this.warned &&
      this.env.NODE_ENV === 'production' &&
      request.headers['x-forwarded-for'] !== undefined
    ) {
      const address = visitorAddress(request);
      const verdict = this.regions.verdict(address);
      if (!verdict.blocked && verdict.reason === 'private') {
        this.warned = true;
        this.logger.warn(
          `A request from the private address ${address} carries X-Forwarded-For: the API is ` +
            `behind a proxy it does not trust (TRUST_PROXY_HOPS=${this.env.TRUST_PROXY_HOPS}), so ` +
            'every visitor looks private, passes the region rule and shares one rate limit. Set ' +
            'TRUST_PROXY_HOPS to the number of proxies in front of the API.',
        );
      }
    }
    next();
  }
}
