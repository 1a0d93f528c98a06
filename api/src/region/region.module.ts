import { Global, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';

import { RegionCheck } from './region-check';
import { RegionGuard, UntrustedProxyWarning } from './region-rule';
import { RegionController } from './region.controller';

/** Global: controllers of every module carry {@link RegionRule}, over one loaded GeoLite2 reader. */
@Global()
@Module({
  controllers: [RegionController],
  providers: [RegionCheck, RegionGuard, UntrustedProxyWarning],
  exports: [RegionCheck, RegionGuard],
})
export class RegionModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(UntrustedProxyWarning).forRoutes('*');
  }
}
