import { Global, Module } from '@nestjs/common';

import { RateLimitedGuard } from './rate-limited.guard';
import { RateLimits } from './rate-limits';

@Global()
@Module({ providers: [RateLimits, RateLimitedGuard], exports: [RateLimits, RateLimitedGuard] })
export class RateLimitsModule {}
