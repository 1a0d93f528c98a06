import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { BullBoardModule } from '@bull-board/nestjs';
import { type DynamicModule, Module } from '@nestjs/common';

import { QUEUE_DASHBOARD_PATH } from '../security-headers';
import { basicAuth } from './basic-auth';
import { OBSERVED_QUEUES, observedQueueModules } from './observed-queues';

/**
 * bull-board at /admin/queues for the API's queues, behind basic auth. AppModule imports it only
 * when QUEUE_DASHBOARD_USER and QUEUE_DASHBOARD_PASSWORD are set; otherwise the path is unknown.
 * Operators can retry, promote and remove jobs there: the credentials are an operator's.
 */
@Module({})
export class QueueDashboardModule {
  static forRoot(credentials: { user: string; password: string }): DynamicModule {
    return {
      module: QueueDashboardModule,
      imports: [
        ...observedQueueModules,
        BullBoardModule.forRoot({
          route: QUEUE_DASHBOARD_PATH,
          adapter: ExpressAdapter,
          middleware: basicAuth(credentials.user, credentials.password),
          boardOptions: { uiConfig: { boardTitle: 'LendPath queues' } },
        }),
        BullBoardModule.forFeature(
          ...OBSERVED_QUEUES.map((name) => ({ name, adapter: BullMQAdapter })),
        ),
      ],
    };
  }
}
