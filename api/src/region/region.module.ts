import { Module } from '@nestjs/common';

import { RegionCheck } from './region-check';
import { RegionController } from './region.controller';

@Module({ controllers: [RegionController], providers: [RegionCheck], exports: [RegionCheck] })
export class RegionModule {}
