import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import type { Queue } from 'bullmq';

import { CHAIN_EVENTS_QUEUE } from '../src/public/jobs';
import { type IndexerFixture, indexerFixture } from './support/indexer-fixture';

describe('the indexer context', () => {
  let fixture: IndexerFixture;
  let app: INestApplicationContext;

  beforeAll(async () => {
    fixture = await indexerFixture();
    app = await fixture.start();
  }, 60_000);
  afterAll(() => fixture.close());

  it('reaches BullMQ under its own key prefix', async () => {
    const queue = app.get<Queue>(getQueueToken(CHAIN_EVENTS_QUEUE));
    expect(queue.opts.prefix).toBe(fixture.env.QUEUE_PREFIX);
    await queue.add('probe', { ok: true }, { jobId: 'probe-1' });
    expect(await queue.getJobCounts('waiting')).toEqual({ waiting: 1 });
    await queue.obliterate({ force: true });
  });
});
