import {
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  Logger,
  UseGuards,
} from '@nestjs/common';
import type { Request } from 'express';

import { DomainError } from '../common/domain-error';
import { ENV, type Env } from '../config/env';
import { RegionCheck, type RegionVerdict } from './region-check';

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
const visitorAddress = (request: Request): string =>
  request.ip ?? request.socket.remoteAddress ?? '';

/**
 * The region rule's verdict on a request. It also says once, in production, when the API cannot
 * see its visitors: a request came through a proxy (it carries X-Forwarded-For) yet its address,
 * after the trusted hops, is a private one. Then every visitor looks private, passes the rule and
 * shares one per-IP budget; the fix is TRUST_PROXY_HOPS set to the number of proxies in front of
 * the API. (Said where the rule judges, which every client's start-up check reaches, rather than
 * by a middleware every request would pay for.)
 */
@Injectable()
export class RegionRuleJudge {
  private readonly logger = new Logger('RegionRule');
  /** Only production warns, and only once. */
  private warning: boolean;

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly regions: RegionCheck,
  ) {
    this.warning = env.NODE_ENV === 'production';
  }

  verdict(request: Request): RegionVerdict {
    const address = visitorAddress(request);
    const verdict = this.regions.verdict(address);
    if (
      this.warning &&
      request.headers['x-forwarded-for'] !== undefined &&
      !verdict.blocked &&
      verdict.reason === 'private'
    ) {
      this.warning = false;
      this.logger.warn(
        `A request from the private address ${address} carries X-Forwarded-For: the API is ` +
          `behind a proxy it does not trust (TRUST_PROXY_HOPS=${this.env.TRUST_PROXY_HOPS}), so ` +
          'every visitor looks private, passes the region rule and shares one rate limit. Set ' +
          'TRUST_PROXY_HOPS to the number of proxies in front of the API.',
      );
    }
    return verdict;
  }
}

/** Answers 451 `REGION_BLOCKED` to visitors from where the platform is not offered (SPEC §1). */
@Injectable()
export class RegionGuard implements CanActivate {
  constructor(private readonly judge: RegionRuleJudge) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.judge.verdict(context.switchToHttp().getRequest<Request>()).blocked) {
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
