import { Controller, Get, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';

import { Reply } from '../common/envelope';
import { ApiAnswer } from '../openapi';
import { regionErrors, RegionRuleJudge } from './region-rule';
import { regionCheckSchema } from './region.schema';

/**
 * The client's start-up check (SPEC §7): `REGION_BLOCKED` with 451 for visitors from where the
 * platform is not offered. The routes that act ({@link RegionRule}) refuse them the same way,
 * whether or not the client asked here first.
 */
@ApiTags('region')
@Controller()
export class RegionController {
  constructor(private readonly judge: RegionRuleJudge) {}

  @Get()
  @ApiAnswer(regionCheckSchema)
  check(@Req() request: Request): Reply<{ region: 'allowed' }> {
    if (this.judge.verdict(request).blocked) {
      throw regionErrors.blocked();
    }
    return new Reply({ region: 'allowed' });
  }
}
