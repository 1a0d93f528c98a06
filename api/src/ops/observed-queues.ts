import { CHAIN_EVENTS_QUEUE } from '@lendpath/indexer/jobs';
import { BullModule, getQueueToken } from '@nestjs/bullmq';
import type { Provider } from '@nestjs/common';
import type { Queue } from 'bullmq';

import { MAIL_QUEUE } from '../mail/mail.queue';
import { NOTICES_QUEUE } from '../notices/notices.queue';

/** The API's queues, as /metrics and the queue dashboard show them. */
export const OBSERVED_QUEUES = [CHAIN_EVENTS_QUEUE, MAIL_QUEUE, NOTICES_QUEUE] as const;

/** Each queue by name (the same queue its own module registers, or one of its own). */
export const observedQueueModules = OBSERVED_QUEUES.map((name) =>
  BullModule.registerQueue({ name }),
);

/** The injection token for the observed queues, in {@link OBSERVED_QUEUES}' order. */
export const OBSERVED = Symbol('OBSERVED_QUEUES');

export const observedQueuesProvider: Provider = {
  provide: OBSERVED,
  useFactory: (...queues: Queue[]) => queues,
  inject: OBSERVED_QUEUES.map((name) => getQueueToken(name)),
};
