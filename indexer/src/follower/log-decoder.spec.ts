import { microLendingAbi } from '@lendpath/contracts';
import { encodeAbiParameters, encodeEventTopics } from 'viem';

import { RpcError } from '../chain/rpc-client';
import { type EncodedEvents, eachEvent, eventRow, type RawLog, rowPrefix } from './event-rows';
import type { StoredEvent } from './follower.store';
import { LogDecoder } from './log-decoder';

// The worker is the built one (dist/follower/log-worker.js): the indexer's test script builds first.
describe(LogDecoder.name, () => {
  const contract = { chainId: 31_337, address: '0x00000000000000000000000000000000000c0de1' };
  const borrower = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  let decoder: LogDecoder;

  beforeEach(() => {
    decoder = new LogDecoder(contract);
  });
  afterEach(() => decoder.close());

  /** A LoanRequested log of `id` at `block`, as eth_getLogs answers it. */
  const requested = (id: number, block: number, extra: Partial<RawLog> = {}): RawLog => ({
    address: contract.address,
    // One hash per topic (no OR-lists): the filter form's wider type narrowed.
    topics: encodeEventTopics({
      abi: microLendingAbi,
      eventName: 'LoanRequested',
      args: { id: BigInt(id), borrower },
    }).filter((topic): topic is `0x${string}` => typeof topic === 'string'),
    data: encodeAbiParameters(
      [{ type: 'uint256' }, { type: 'uint256' }, { type: 'uint256' }],
      [1_000_000n, 86_400n, 1_200n],
    ),
    blockNumber: `0x${block.toString(16)}`,
    blockHash: `0x${block.toString(16).padStart(64, '0')}`,
    logIndex: `0x${id.toString(16)}`,
    transactionHash: `0x${id.toString(16).padStart(64, 'f')}`,
    blockTimestamp: `0x${(1_700_000_000 + block).toString(16)}`,
    ...extra,
  });
  const body = (answer: unknown) => Buffer.from(JSON.stringify(answer));
  /** What this thread makes of the same logs: the rows the follower would write itself. */
  const expected = (logs: RawLog[], timestamps = new Map<number, number>()): EncodedEvents => {
    const events: StoredEvent[] = [];
    eachEvent(logs, contract.address, timestamps, (event, blockTimestamp) =>
      events.push({ ...event, blockTimestamp }),
    );
    return {
      rows: events
        .map((e) => eventRow(rowPrefix(contract.chainId, contract.address), e, e.blockTimestamp))
        .join(''),
      count: events.length,
      loanIds: [...new Set(events.map((e) => e.loanId))],
      blockHashes: [...new Set(events.map((e) => e.blockHash))],
    };
  };

  it("encodes an answer's events as this thread would, leaving out what the follower does", async () => {
    const logs = [
      requested(1, 10),
      requested(2, 10),
      requested(3, 11, { address: '0x00000000000000000000000000000000000000aa' }),
      requested(4, 11, { removed: true }),
      { ...requested(5, 11), topics: [`0x${'12'.repeat(32)}`] },
      requested(1, 12),
    ];
    const answer = (await decoder.reader('eth_getLogs')(
      body({ jsonrpc: '2.0', id: 7, result: logs }),
    )) as { id: number; result: EncodedEvents };
    expect(answer.id).toBe(7);
    expect(answer.result).toEqual(expected(logs));
    expect(answer.result).toMatchObject({ count: 3, loanIds: ['1', '2'] });
    expect(answer.result.blockHashes).toHaveLength(2);
  });

  it('encodes each answer of a batch, with timestamps it is given for logs without one', async () => {
    const bare = (log: RawLog): RawLog => ({ ...log, blockTimestamp: undefined });
    const timestamps = new Map([
      [20, 1_700_000_020],
      [21, 1_700_000_021],
    ]);
    const answers = (await decoder.reader(
      'batch',
      timestamps,
    )(
      body([
        { jsonrpc: '2.0', id: 1, result: [bare(requested(6, 20))] },
        { jsonrpc: '2.0', id: 2, result: [bare(requested(7, 21)), bare(requested(8, 21))] },
      ]),
    )) as { result: EncodedEvents }[];
    expect(answers.map((a) => a.result)).toEqual([
      expected([bare(requested(6, 20))], timestamps),
      expected([bare(requested(7, 21)), bare(requested(8, 21))], timestamps),
    ]);
  });

  it('hands back the logs of a block whose timestamp it lacks, and errors as they came', async () => {
    const logs = [{ ...requested(9, 30), blockTimestamp: undefined }];
    expect(
      await decoder.reader('eth_getLogs')(body({ jsonrpc: '2.0', id: 1, result: logs })),
    ).toEqual({ jsonrpc: '2.0', id: 1, result: JSON.parse(JSON.stringify(logs)) as unknown });
    const refusal = { jsonrpc: '2.0', id: 2, error: { code: -32005, message: 'too many logs' } };
    expect(await decoder.reader('eth_getLogs')(body(refusal))).toEqual(refusal);
  });

  it('fails a body that is not JSON as a transient RPC error, and a log it cannot decode', async () => {
    await expect(decoder.reader('eth_getLogs')(Buffer.from('<html>'))).rejects.toEqual(
      new RpcError('transient', 'eth_getLogs', 'the answer is not JSON'),
    );
    const short = { ...requested(10, 40), data: '0x' };
    await expect(
      decoder.reader('eth_getLogs')(body({ jsonrpc: '2.0', id: 1, result: [short] })),
    ).rejects.toThrow('has short data');
    // The worker is still there for the next answer.
    const logs = [requested(11, 41)];
    expect(
      await decoder.reader('eth_getLogs')(body({ jsonrpc: '2.0', id: 3, result: logs })),
    ).toMatchObject({ result: expected(logs) });
  });

  it('fails what is waiting when closed, not to be asked again, and starts again on the next answer', async () => {
    decoder.start();
    const pending = decoder.reader('eth_getLogs')(
      body({
        jsonrpc: '2.0',
        id: 1,
        result: Array.from({ length: 2_000 }, (_, i) => requested(i, 50)),
      }),
    );
    await decoder.close();
    await expect(pending).rejects.toThrow('the log decoder was closed');
    await expect(pending).rejects.not.toBeInstanceOf(RpcError);
    const logs = [requested(12, 51)];
    expect(
      await decoder.reader('eth_getLogs')(body({ jsonrpc: '2.0', id: 2, result: logs })),
    ).toMatchObject({ result: expected(logs) });
  });

  it('takes a body that shares its memory with others without taking theirs', async () => {
    const whole = body({ jsonrpc: '2.0', id: 1, result: [requested(13, 60)] });
    const shared = Buffer.concat([Buffer.from('xx'), whole]).subarray(2);
    expect(await decoder.reader('eth_getLogs')(shared)).toMatchObject({
      result: expected([requested(13, 60)]),
    });
    expect(shared.length).toBe(whole.length);
  });
});
