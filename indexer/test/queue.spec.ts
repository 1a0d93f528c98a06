import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import type { Queue } from 'bullmq';

import { loadEnv } from '../src/config/env';
import { createIndexer } from '../src/main';
import { CHAIN_EVENTS_QUEUE } from '../src/queue/chain-events';

describe('the indexer context', () => {
  let app: INestApplicationContext;

  beforeAll(async () => {
    app = await createIndexer(loadEnv({ ...process.env, INDEXER_HEALTH_PORT: '0' }));
    await app.init();
  });
  afterAll(() => app.close());

  it('reaches BullMQ under its own key prefix', async () => {
    const queue = app.get<Queue>(getQueueToken(CHAIN_EVENTS_QUEUE));
    expect(queue.opts.prefix).toBe(process.env.QUEUE_PREFIX);
    await queue.add('probe', { ok: true }, { jobId: 'probe-1' });
    expect(await queue.getJobCounts('waiting')).toEqual({ waiting: 1 });
    await queue.obliterate({ force: true });
  });
});
