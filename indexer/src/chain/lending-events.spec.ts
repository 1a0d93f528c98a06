import { microLendingAbi } from '@lendpath/contracts';
import { encodeEventTopics, encodeAbiParameters, type Hex } from 'viem';

import { decodeLendingLog, LENDING_TOPICS, type RawLog } from './lending-events';

const lender = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const borrower = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function log(topics: readonly (Hex | Hex[] | null)[], data: Hex): RawLog {
  return {
    address: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512',
    // Events' topics are single hashes (no OR-lists): the filter form's wider type narrowed.
    topics: topics.filter((topic): topic is Hex => typeof topic === 'string'),
    data,
    blockNumber: '0x10',
    blockHash: `0x${'ab'.repeat(32)}`,
    transactionHash: `0x${'cd'.repeat(32)}`,
    logIndex: '0x3',
  };
}

describe(decodeLendingLog.name, () => {
  it('follows the six stored events and nothing else', () => {
    expect(LENDING_TOPICS).toHaveLength(6);
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
    expect(decodeLendingLog(log(topics, data))).toEqual({
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
    expect(decodeLendingLog(log(topics, data))?.args).toMatchObject({
      penalty: '5',
      escrowed: true,
    });
  });

  it('ignores events it does not store and refuses a truncated log', () => {
    const fee = encodeEventTopics({ abi: microLendingAbi, eventName: 'FeeUpdated' });
    expect(decodeLendingLog(log(fee, '0x'))).toBeUndefined();
    const topics = encodeEventTopics({
      abi: microLendingAbi,
      eventName: 'LoanRequested',
      args: { id: 1n, borrower },
    });
    expect(() => decodeLendingLog(log(topics, '0x01'))).toThrow(/short data/);
  });
});
