import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { BullBoardModule } from '@bull-board/nestjs';
import { type DynamicModule, Module } from '@nestjs/common';
import type { Queue } from 'bullmq';

import { MAIL_QUEUE, type MailJob } from '../mail/mail.queue';

import { QUEUE_DASHBOARD_PATH } from '../security-headers';
import { basicAuth } from './basic-auth';
import { OBSERVED_QUEUES, observedQueueModules } from './observed-queues';

/**
 * The mail queue as operators see it: to whom and which mail, never a one-time code a waiting or
 * failed mail still holds (delivered ones are removed at once).
 */
class MailQueueAdapter extends BullMQAdapter {
  constructor(queue: Queue, options?: ConstructorParameters<typeof BullMQAdapter>[1]) {
    super(queue, options);
    this.setFormatter('data', ({ to, template }: MailJob) => ({ to, template: template.name }));
  }
}

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
          ...OBSERVED_QUEUES.map((name) => ({
            name,
            adapter: name === MAIL_QUEUE ? MailQueueAdapter : BullMQAdapter,
          })),
        ),
      ],
    };
  }
}
