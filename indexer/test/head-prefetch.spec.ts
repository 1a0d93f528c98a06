import { Logger } from '@nestjs/common';

import { demoWallets } from '@lendpath/contracts';

import { RpcClient } from '../src/chain/rpc-client';
import { Follower } from '../src/follower/follower';
import { followerSetup } from '../src/follower/follower-setup';
import { IndexerMetrics } from '../src/metrics/indexer-metrics';
import { type IndexerFixture, indexerFixture } from './support/indexer-fixture';

const [borrower] = demoWallets.map((wallet) => wallet.address) as [`0x${string}`];
const DAY = 86_400n;

/**
 * A new head's reads are sent when the head is heard (SyncService), and its sync takes those
 * answers instead of asking again: the node answers while the sync's job goes through the queue.
 * Every round trip is counted as the client makes it.
 */
describe('the reads a new head is prefetched with', () => {
  let f: IndexerFixture;
  let follower: Follower;
  /** Every round trip the follower's client made, by method ('batch' for several calls). */
  const asked: string[] = [];

  beforeAll(async () => {
    f = await indexerFixture();
    await f.actions.approve(borrower);
    const { contract, config, rpc } = followerSetup(f.env);
    const client = new RpcClient({ ...rpc, observe: (method) => asked.push(method) });
    follower = new Follower(contract, config, f.db, client, new IndexerMetrics(), new Logger());
    // At the head, as SyncService is before it prefetches.
    expect((await follower.sync()).caughtUp).toBe(true);
  }, 60_000);
  afterAll(() => f.close());

  const head = () => f.chain.rpc<{ hash: string }>('eth_getBlockByNumber', ['latest', false]);

  it("are taken by the head's sync, which asks the node for nothing more", async () => {
    const { loanId } = await f.actions.request(borrower, 1_000_000n, 7n * DAY);
    const { hash } = await head();
    const before = asked.length;
    const since = () => asked.slice(before).toSorted();

    follower.prefetchHead(hash);
    await f.until(
      'the tip and the logs answered',
      () => Promise.resolve(since()),
      (calls) => calls.length === 2,
    );
    const outcome = await follower.sync();

    expect(outcome).toMatchObject({ caughtUp: true, events: 1 });
    expect(await f.storedEvents()).toContain(`LoanRequested:${loanId}`);
    // The two prefetched round trips, and none of the sync's own.
    expect(since()).toEqual(['eth_getBlockByNumber', 'eth_getLogs']);
  });

  it('miss harmlessly when the sync has other blocks to read', async () => {
    // Two blocks since the cursor: the sync reads both headers and both blocks' logs in one
    // batch each, and the prefetch for the newest alone goes unused.
    await f.actions.request(borrower, 1_000_000n, 7n * DAY);
    const b = await f.actions.request(borrower, 2_000_000n, 7n * DAY);
    follower.prefetchHead((await head()).hash);

    const outcome = await follower.sync();

    expect(outcome).toMatchObject({ caughtUp: true, events: 2 });
    expect(await f.storedEvents()).toContain(`LoanRequested:${b.loanId}`);
  });
});
