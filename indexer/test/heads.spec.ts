import { demoWallets } from '@lendpath/contracts';

import { type IndexerFixture, indexerFixture } from './support/indexer-fixture';

const [borrower] = demoWallets.map((wallet) => wallet.address) as [`0x${string}`];
const DAY = 86_400n;

/**
 * New heads over WebSocket drive the syncs, with the polling tick ten minutes away: what is
 * stored within seconds was synced for its head.
 */
describe('the indexer hearing new heads', () => {
  let f: IndexerFixture;

  beforeAll(async () => {
    f = await indexerFixture((chain) => ({
      RPC_WS_URL: chain.wsUrl,
      INDEXER_POLL_MS: String(10 * 60_000),
    }));
    await f.actions.approve(borrower);
    await f.start();
  }, 60_000);
  afterAll(() => f.close());

  it('syncs every head, however soon after the one before it comes', async () => {
    // The second of each pair is sent as soon as the first is mined: its head comes while the
    // first head's sync runs, or just after, which read the tip before it.
    const loans: bigint[] = [];
    for (let pair = 0; pair < 5; pair++) {
      loans.push((await f.actions.request(borrower, 1_000_000n, 7n * DAY)).loanId);
      loans.push((await f.actions.request(borrower, 2_000_000n, 7n * DAY)).loanId);
      await f.until(
        `both loans of pair ${pair + 1} stored`,
        () => f.storedEvents(),
        (stored) => loans.every((loan) => stored.includes(`LoanRequested:${loan}`)),
        5_000,
      );
    }
  });
});
