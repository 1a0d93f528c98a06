import { demoWallets, LENDING_EVENT_NAMES, microLendingAbi } from '@lendpath/contracts';
import type { INestApplication } from '@nestjs/common';

import { chainStatus } from '@lendpath/test-kit/loans';
import { createApp } from '../../src/main';
import { type IndexerProcess, type Pipeline, startPipeline } from './pipeline';

const [alice, bob, carol] = demoWallets.map((w) => w.address) as [
  `0x${string}`,
  `0x${string}`,
  `0x${string}`,
];
const DAY = 86_400n;

/**
 * DESIGN.md §1: any number of api replicas, and indexer replicas side by side with one writer.
 * Two of each run here against one chain, database and Redis.
 */
describe('two api and two indexer processes at once', () => {
  let p: Pipeline;
  let secondApi: INestApplication;
  let firstIndexer: IndexerProcess;

  beforeAll(async () => {
    p = await startPipeline();
    // Same database, Redis prefix and chain: it competes for the same chain-events jobs.
    secondApi = await createApp(p.env);
    await secondApi.listen(0, '127.0.0.1');
  }, 90_000);
  afterAll(async () => {
    await firstIndexer?.stop();
    await secondApi?.close();
    await p.close();
  });

  it('stores each event once and reconciles every loan to the chain', async () => {
    expect(secondApi).toBeDefined();
    firstIndexer = await p.startIndexer();
    await p.startIndexer();
    for (const wallet of [alice, bob, carol]) {
      await p.actions.approve(wallet);
    }
    for (let i = 0; i < 12; i++) {
      const borrower = i % 2 === 0 ? alice : carol;
      const loan = await p.actions.request(borrower, 1_000_000n + BigInt(i), 7n * DAY);
      if (i % 3 !== 0) {
        await p.actions.fund(bob, loan.loanId, 500n);
        if (i % 3 === 2) {
          await p.actions.repay(borrower, loan.loanId);
        }
      } else if (i % 4 === 0) {
        await p.actions.cancel(borrower, loan.loanId);
      }
    }
    const member = await p.member('Watcher');
    const counter = await p.actions.loanCounter();
    const expected: string[] = [];
    for (let id = 1n; id <= counter; id++) {
      expected.push(`${id}:${chainStatus[(await p.actions.getLoan(id)).status]}`);
    }
    await p.until(
      'every loan reconciled',
      async () => {
        const { body } = await p.call<{ loanRequests: { loanChainId: string; status: string }[] }>(
          member,
          'GET',
          '/microlending/requests?limit=100',
        );
        return body.data.loanRequests
          .map((loan) => `${loan.loanChainId}:${loan.status}`)
          .sort((a, b) => Number(a.split(':')[0]) - Number(b.split(':')[0]));
      },
      (seen) => JSON.stringify(seen) === JSON.stringify(expected),
    );
    const onChain = await p.actions.publicClient.getContractEvents({
      address: p.chain.deployment.lending.address,
      abi: microLendingAbi,
      fromBlock: 0n,
    });
    const stored: readonly string[] = LENDING_EVENT_NAMES;
    const [counts] = await p.db.query<{ count: number; distinct: number }[]>(
      `SELECT count(*)::int AS count,
              count(DISTINCT (block_hash, log_index))::int AS distinct
       FROM indexer.chain_events WHERE NOT removed`,
    );
    const want = onChain.filter((log) => stored.includes(log.eventName)).length;
    expect(counts).toEqual({ count: want, distinct: want });
  });
});
