import { Module } from '@nestjs/common';

import { LendingModule } from '../lending/lending.module';
import { ApiMetrics } from './api-metrics';
import { MetricsController } from './metrics.controller';
import { observedQueueModules, observedQueuesProvider } from './observed-queues';

/**
 * What operators watch: Prometheus metrics at /metrics (requests, queues, how far loan status
 * trails the chain). The queue dashboard is its own module, loaded only when configured.
 */
@Module({
  imports: [LendingModule, ...observedQueueModules],
  controllers: [MetricsController],
  providers: [observedQueuesProvider, ApiMetrics],
  exports: [ApiMetrics],
})
export class OpsModule {}
