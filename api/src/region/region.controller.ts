import { Controller, Get, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';

import { DomainError } from '../common/domain-error';
import { Reply } from '../common/envelope';
import { RegionCheck } from './region-check';

/**
 * The client's start-up check (SPEC §7): `REGION_BLOCKED` with 451 for visitors from where the
 * platform is not offered. The address is the socket's, or X-Forwarded-For's only through the
 * trusted proxies TRUST_PROXY_HOPS configures, so a spoofed header cannot get around it.
 */
/** RFC 7725; Nest's HttpStatus has no name for it. */
const UNAVAILABLE_FOR_LEGAL_REASONS = 451;

@ApiTags('region')
@Controller()
export class RegionController {
  constructor(private readonly regions: RegionCheck) {}

  @Get()
  check(@Req() request: Request): Reply<{ region: 'allowed' }> {
    const verdict = this.regions.verdict(request.ip ?? request.socket.remoteAddress ?? '');
    if (verdict.blocked) {
      throw new DomainError(
        'REGION_BLOCKED',
        'LendPath is not available in your region.',
        UNAVAILABLE_FOR_LEGAL_REASONS,
      );
    }
    return new Reply({ region: 'allowed' });
  }
}
