import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { encodeAbiParameters, encodeEventTopics, type Hex, parseEventLogs } from 'viem';

import { microLendingAbi } from '../src/generated/abi.ts';
import { decodeLendingLog, LENDING_TOPICS, type LendingLog } from '../src/lending-log.ts';
import { DAY, deployLending, USDC } from './helpers/fixture.ts';

const lender = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const borrower = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function log(topics: readonly (Hex | Hex[] | null)[], data: Hex): LendingLog {
  return {
    // Events' topics are single hashes (no OR-lists): the filter form's wider type narrowed.
    topics: topics.filter((topic): topic is Hex => typeof topic === 'string'),
    data,
    blockNumber: '0x10',
    blockHash: `0x${'ab'.repeat(32)}`,
    transactionHash: `0x${'cd'.repeat(32)}`,
    logIndex: '0x3',
  };
}

describe('decodeLendingLog', () => {
  it('follows the six stored events and nothing else', () => {
    assert.equal(LENDING_TOPICS.length, 6);
  });

  it('decodes indexed and data words as viem encodes them, numbers as decimals', () => {
    const id = 2n ** 200n + 7n;
    const topics = encodeEventTopics({
      abi: microLendingAbi,
      eventName: 'LoanFunded',
      args: { id, borrower, lender },
    });
    const data = encodeAbiParameters(
      [{ type: 'uint256' }, { type: 'uint256' }, { type: 'uint256' }],
      [750n, 1_700_604_800n, 2_503_000n],
    );
    assert.deepEqual(decodeLendingLog(log(topics, data)), {
      name: 'LoanFunded',
      loanId: id.toString(),
      blockNumber: 16,
      blockHash: `0x${'ab'.repeat(32)}`,
      logIndex: 3,
      txHash: `0x${'cd'.repeat(32)}`,
      args: {
        id: id.toString(),
        borrower: borrower.toLowerCase(),
        lender: lender.toLowerCase(),
        aprBps: '750',
        dueDate: '1700604800',
        repaymentAmount: '2503000',
      },
    });
  });

  it('reads booleans', () => {
    const topics = encodeEventTopics({
      abi: microLendingAbi,
      eventName: 'LoanRepaid',
      args: { id: 1n, borrower, lender },
    });
    const data = encodeAbiParameters(
      [{ type: 'uint256' }, { type: 'uint256' }, { type: 'bool' }],
      [1_000_000n, 5n, true],
    );
    const args = decodeLendingLog(log(topics, data))?.args;
    assert.equal(args?.penalty, '5');
    assert.equal(args?.escrowed, true);
  });

  it('ignores events it does not store and refuses a truncated log', () => {
    const fee = encodeEventTopics({ abi: microLendingAbi, eventName: 'FeeUpdated' });
    assert.equal(decodeLendingLog(log(fee, '0x')), undefined);
    const topics = encodeEventTopics({
      abi: microLendingAbi,
      eventName: 'LoanRequested',
      args: { id: 1n, borrower },
    });
    assert.throws(() => decodeLendingLog(log(topics, '0x01')), /short data/);
  });

  describe('when given a receipt as viem reads it from a node', () => {
    it('answers what the indexer stores from eth_getLogs, and what viem decodes', async () => {
      const f = await deployLending();
      const { id } = await f.requestAndFund(5n * USDC, 30n * DAY, 750n);
      await (await f.as(f.borrower)).write.repayLoan([id]);
      const raw = await f.publicClient.request({
        method: 'eth_getLogs',
        params: [{ address: f.lending.address, topics: [[...LENDING_TOPICS]], fromBlock: '0x0' }],
      });
      const fromNode = raw.map((entry) => decodeLendingLog(entry));
      assert.deepEqual(
        fromNode.map((event) => event?.name),
        ['LoanRequested', 'LoanFunded', 'LoanRepaid'],
      );
      for (const event of fromNode) {
        assert.ok(event);
        const receipt = await f.publicClient.getTransactionReceipt({
          hash: event.txHash as Hex,
        });
        const own = receipt.logs.filter((entry) => entry.logIndex === event.logIndex);
        assert.deepEqual(own.map(decodeLendingLog), [event]);
        const [viewed] = parseEventLogs({ abi: microLendingAbi, logs: own, strict: true });
        assert.ok(viewed);
        assert.deepEqual(
          event.args,
          Object.fromEntries(
            Object.entries(viewed.args).map(([key, value]) => [
              key,
              typeof value === 'boolean' ? value : String(value).toLowerCase(),
            ]),
          ),
        );
      }
    });
  });
});
