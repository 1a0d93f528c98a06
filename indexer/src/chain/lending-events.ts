import { LENDING_EVENT_NAMES, type LendingEventName, microLendingAbi } from '@lendpath/contracts';
import { toEventSelector } from 'viem';

/** A raw log as eth_getLogs answers it. */
export interface RawLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  blockTimestamp?: string;
  transactionHash: string;
  logIndex: string;
  removed?: boolean;
}

/** A stored event: where it is on chain, which loan, and its arguments (numbers as decimals). */
export interface LendingEvent {
  name: LendingEventName;
  loanId: string;
  blockNumber: number;
  blockHash: string;
  logIndex: number;
  txHash: string;
  args: Record<string, string | boolean>;
}

interface Decoder {
  name: LendingEventName;
  indexed: { name: string; type: string }[];
  data: { name: string; type: string }[];
}

function decoders(): Map<string, Decoder> {
  const map = new Map<string, Decoder>();
  for (const name of LENDING_EVENT_NAMES) {
    const item = microLendingAbi.find((entry) => entry.type === 'event' && entry.name === name);
    if (item?.type !== 'event') {
      throw new Error(`the lending ABI has no event ${name}`);
    }
    const inputs = item.inputs.map((input) => ({
      name: input.name,
      type: input.type,
      indexed: 'indexed' in input && input.indexed === true,
    }));
    // Every argument of these events is one static 32-byte word: decoding is slicing.
    for (const input of inputs) {
      if (!/^(uint\d+|address|bool)$/.test(input.type)) {
        throw new Error(`${name}.${input.name} is ${input.type}: the decoder handles static words`);
      }
    }
    map.set(toEventSelector(item), {
      name,
      indexed: inputs.filter((input) => input.indexed),
      data: inputs.filter((input) => !input.indexed),
    });
  }
  return map;
}

const byTopic = decoders();

/** topic0 of each stored event, for the getLogs filter. */
export const LENDING_TOPICS = [...byTopic.keys()];

function word(hex: string, type: string): string | boolean {
  if (type === 'address') {
    return `0x${hex.slice(24)}`.toLowerCase();
  }
  if (type === 'bool') {
    return hex.at(-1) === '1';
  }
  return BigInt(`0x${hex}`).toString();
}

/** Decodes one log of the lending contract; undefined for an event the follower does not store. */
export function decodeLendingLog(log: RawLog): LendingEvent | undefined {
  const decoder = byTopic.get(log.topics[0] ?? '');
  if (decoder === undefined) {
    return undefined;
  }
  const args: Record<string, string | boolean> = {};
  decoder.indexed.forEach((input, i) => {
    const topic = log.topics[i + 1];
    if (topic === undefined) {
      throw new Error(`${decoder.name} log ${log.transactionHash} lacks topic ${i + 1}`);
    }
    args[input.name] = word(topic.slice(2), input.type);
  });
  const data = log.data.slice(2);
  if (data.length < decoder.data.length * 64) {
    throw new Error(`${decoder.name} log ${log.transactionHash} has short data`);
  }
  decoder.data.forEach((input, i) => {
    args[input.name] = word(data.slice(i * 64, i * 64 + 64), input.type);
  });
  return {
    name: decoder.name,
    loanId: args.id as string,
    blockNumber: Number(log.blockNumber),
    blockHash: log.blockHash,
    logIndex: Number(log.logIndex),
    txHash: log.transactionHash,
    args,
  };
}
