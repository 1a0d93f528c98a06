import { demoWallets } from '@lendpath/contracts';

import { type IndexerFixture, indexerFixture } from './support/indexer-fixture';

const [borrower, lender] = demoWallets.map((wallet) => wallet.address) as [
  `0x${string}`,
  `0x${string}`,
];
const DAY = 86_400n;

/**
 * On Arbitrum the indexer takes finality from the node's `safe` and `finalized` block tags
 * (DESIGN §5). The Sepolia-shaped local chain (chain 421614, USDC at its real address) lets that
 * path run here: the node answers both tags, with its head, so a block counts as final at once,
 * where finality by depth (the local chain's 31337) would wait five blocks.
 */
describe('the follower on the Sepolia-shaped chain', () => {
  let f: IndexerFixture;

  beforeAll(async () => {
    f = await indexerFixture({}, { shape: 'arbitrum-sepolia' });
    await f.actions.approve(borrower);
    await f.actions.approve(lender);
    await f.start();
  }, 60_000);
  afterAll(() => f.close());

  const head = async () => Number(await f.chain.rpc<string>('eth_blockNumber'));
  const source = async () =>
    (
      await f.db.query<
        { chain_id: number; cursor_block: string; safe_block: string; finalized_block: string }[]
      >(`SELECT chain_id, cursor_block, safe_block, finalized_block FROM indexer.v_sources`)
    )[0];

  it("resolves INDEXER_FINALITY=auto to the node's tags on chain 421614", () => {
    expect(f.env.INDEXER_FINALITY).toBe('auto');
    expect(f.env.deployment.chainId).toBe(421614);
    expect(f.env.finality).toBe('tags');
  });

  it("stores a loan's events and counts their block final when the node's finalized tag does", async () => {
    const loan = await f.actions.request(borrower, 1_000_000n, 14n * DAY);
    await f.actions.fund(lender, loan.loanId, 500n);
    const tip = await head();
    const finalizedTag = await f.chain.rpc<{ number: string }>('eth_getBlockByNumber', [
      'finalized',
      false,
    ]);
    expect(Number(finalizedTag.number)).toBe(tip);

    await f.until(
      'the cursor at the head, finalized',
      source,
      (row) => Number(row?.cursor_block) === tip && Number(row?.finalized_block) === tip,
    );
    expect(await source()).toEqual({
      chain_id: 421614,
      cursor_block: `${tip}`,
      // By depth (5 blocks) these would read tip - 2 and tip - 5.
      safe_block: `${tip}`,
      finalized_block: `${tip}`,
    });
    expect(await f.storedEvents()).toEqual([
      `LoanRequested:${loan.loanId}`,
      `LoanFunded:${loan.loanId}`,
    ]);

    const metrics = await (await fetch(`${f.healthUrl()}/metrics`)).text();
    expect(metrics).toMatch(new RegExp(`^indexer_finalized_block ${tip}$`, 'm'));
    expect(metrics).toMatch(new RegExp(`^indexer_safe_block ${tip}$`, 'm'));
  });
});
