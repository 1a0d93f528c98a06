import { Global, Module } from '@nestjs/common';

import { RegionCheck } from './region-check';
import { RegionGuard, RegionRuleJudge } from './region-rule';
import { RegionController } from './region.controller';

/** Global: controllers of every module carry {@link RegionRule}, over one loaded GeoLite2 reader. */
@Global()
@Module({
  controllers: [RegionController],
  providers: [RegionCheck, RegionRuleJudge, RegionGuard],
  exports: [RegionRuleJudge, RegionGuard],
})
export class RegionModule {}
