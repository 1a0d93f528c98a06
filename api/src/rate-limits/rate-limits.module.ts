import { Global, Module } from '@nestjs/common';

import { ForgiveOnSuccess, RateLimitedGuard } from './rate-limited.guard';
import { RateLimits } from './rate-limits';

@Global()
@Module({
  providers: [RateLimits, RateLimitedGuard, ForgiveOnSuccess],
  exports: [RateLimits, RateLimitedGuard, ForgiveOnSuccess],
})
export class RateLimitsModule {}
