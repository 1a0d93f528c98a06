import type { Queue } from 'bullmq';

import type { LendingReads } from '../lending/lending-reads';
import type { NoticeClock } from './notice-clock';
import { NoticeScheduler } from './notice-scheduler';
import type { NoticeJob } from './notices.queue';

/**
 * A scheduler whose lending read is recorded (it answers no loans, so nothing is queued); each
 * read answers once `answer` is called, or at once without `held`.
 */
function scheduler({ held = false } = {}) {
  const reads: (readonly string[])[] = [];
  const answers: (() => void)[] = [];
  const lending = {
    noticeLoans: jest.fn((ids: readonly string[]) => {
      reads.push(ids);
      return held ? new Promise((resolve) => answers.push(() => resolve([]))) : Promise.resolve([]);
    }),
  } as unknown as LendingReads;
  const clock = { now: () => Date.now(), onJump: () => undefined } as unknown as NoticeClock;
  const queue = {} as Queue<NoticeJob>;
  const answer = () => answers.splice(0).forEach((resolve) => resolve());
  return { scheduler: new NoticeScheduler(queue, lending, clock), reads, answer };
}

describe('NoticeScheduler', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('plans the loans told of within a quarter of a second once, together', async () => {
    const { scheduler: notices, reads } = scheduler();
    // The fast path's fold and the indexer's job report the same loan a few ms apart.
    notices.consider('loan-a');
    await jest.advanceTimersByTimeAsync(10);
    notices.consider('loan-a');
    notices.consider('loan-b');
    expect(reads).toEqual([]);

    await jest.advanceTimersByTimeAsync(240);
    expect(reads).toEqual([['loan-a', 'loan-b']]);

    // A loan told of later is gathered afresh.
    notices.consider('loan-a');
    await jest.advanceTimersByTimeAsync(250);
    expect(reads).toEqual([['loan-a', 'loan-b'], ['loan-a']]);
  });

  it('plans what it has gathered when the app stops, before the queues close', async () => {
    const { scheduler: notices, reads } = scheduler();
    notices.consider('loan-a');
    await notices.onModuleDestroy();
    expect(reads).toEqual([['loan-a']]);

    // Nothing is planned twice, and a stop with nothing gathered reads nothing.
    await jest.advanceTimersByTimeAsync(1_000);
    await notices.onModuleDestroy();
    expect(reads).toEqual([['loan-a']]);

    // A reconcile finishing while the app stops has its loan planned at once.
    notices.consider('loan-b');
    await jest.advanceTimersByTimeAsync(0);
    expect(reads).toEqual([['loan-a'], ['loan-b']]);
  });

  it('waits for a planning under way when the app stops', async () => {
    const { scheduler: notices, reads, answer } = scheduler({ held: true });
    notices.consider('loan-a');
    await jest.advanceTimersByTimeAsync(250);
    expect(reads).toEqual([['loan-a']]);

    let stopped = false;
    const stopping = notices.onModuleDestroy().then(() => {
      stopped = true;
    });
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    // A reconcile finishing meanwhile tells of another loan: planned, and waited for too.
    notices.consider('loan-b');
    answer();
    await jest.advanceTimersByTimeAsync(0);
    expect(reads).toEqual([['loan-a'], ['loan-b']]);
    expect(stopped).toBe(false);
    answer();
    await stopping;
    expect(stopped).toBe(true);
  });
});
