import type { Hex } from 'viem';

import { microLendingAbi, microLendingEventTopics } from './generated/abi.ts';
import { LENDING_EVENT_NAMES, type LendingEventName } from './lending-vocabulary.ts';

/**
 * A log of the lending contract where it is on chain: as eth_getLogs answers it (hex quantities)
 * or as viem hands a receipt's logs over (numbers and bigints); both decode the same. The nulls
 * are a pending block's, which nothing here decodes.
 */
export interface LendingLog {
  topics: readonly string[];
  data: string;
  blockNumber: string | number | bigint | null;
  blockHash: string | null;
  logIndex: string | number | null;
  transactionHash: string | null;
}

/**
 * A decoded lending event: where it is on chain, which loan, and its arguments as the event store
 * keeps them (unsigned integers as decimal strings, addresses in lower case, booleans).
 */
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
  topic: Hex;
  indexed: { name: string; type: string }[];
  data: { name: string; type: string }[];
}

function decoders(): Decoder[] {
  return LENDING_EVENT_NAMES.map((name) => {
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
    return {
      name,
      topic: microLendingEventTopics[name],
      indexed: inputs.filter((input) => input.indexed),
      data: inputs.filter((input) => !input.indexed),
    };
  });
}

const all = decoders();
const byTopic = new Map(all.map((decoder) => [decoder.topic, decoder]));

/** topic0 of each stored event, for a getLogs filter. */
export const LENDING_TOPICS: readonly Hex[] = all.map((decoder) => decoder.topic);

/** topic0 of one stored event. */
export const lendingEventTopic = (name: LendingEventName): Hex =>
  (all.find((decoder) => decoder.name === name) as Decoder).topic;

function word(hex: string, type: string): string | boolean {
  if (type === 'address') {
    return `0x${hex.slice(24)}`.toLowerCase();
  }
  if (type === 'bool') {
    return hex.at(-1) === '1';
  }
  return BigInt(`0x${hex}`).toString();
}

/**
 * Decodes one log of the lending contract; undefined for an event that is not stored. The one
 * decoder of the project: the indexer stores what it answers, and the API's fast path stores its
 * answer for a receipt as a hint beside the indexer's events, so the two must agree byte for byte.
 * It does not check the log's address: callers keep the logs of their contract.
 */
export function decodeLendingLog(log: LendingLog): LendingEvent | undefined {
  const decoder = byTopic.get((log.topics[0] ?? '').toLowerCase() as Hex);
  if (decoder === undefined) {
    return undefined;
  }
  const { blockNumber, blockHash, logIndex, transactionHash } = log;
  if (blockNumber === null || blockHash === null || logIndex === null || transactionHash === null) {
    throw new Error(`${decoder.name} log of a pending block: nothing to place it by`);
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
    blockNumber: Number(blockNumber),
    blockHash,
    logIndex: Number(logIndex),
    txHash: transactionHash,
    args,
  };
}
