/**
 * The indexer bench's peer (issue 20): a Subsquid processor (`@subsquid/evm-processor` 1.27 with
 * `@subsquid/typeorm-store`) doing our backfill's work on the bench's chain, run by ../peer.ts as
 * its own process into its own fresh database. What it does, so a reader can judge the match:
 *
 * - Source: the bench's Hardhat node over its real JSON-RPC endpoint (`setRpcEndpoint`, Subsquid's
 *   default capacity and batch sizes; no archive or gateway), the lending contract's logs for the
 *   six stored events (the same address and topic0 filter as ours), from the deployment block to
 *   the head the bench names (`setBlockRange`), with the same finality as ours on a local chain
 *   (`setFinalityConfirmation`: 5 blocks, so the last blocks go through its hot-block path as ours
 *   go through block-by-block following), polling the head as often as ours (250 ms).
 * - Decoding: `@subsquid/evm-abi` event codecs built at start from `microLendingAbi` of
 *   `@lendpath/contracts`, which is what `squid-evm-typegen` would generate from that ABI; the
 *   arguments are stored as ours stores them (decimal strings, lower-case addresses, booleans).
 * - Storing: every event as a row of `chain_event` (`store.insert`), and each loan's status folded
 *   Subsquid's way: per batch, the touched loans are loaded once (`store.findBy`), folded in
 *   memory event by event (status and the fields of DESIGN.md §4), and upserted once
 *   (`store.upsert`). typeorm-store commits each batch with its `squid_processor.status` row.
 * - Not done, where ours does more: no outbox, no queue, no second process folding from the event
 *   store; ours keeps the same rows plus block hashes, a cursor and the API's projection.
 *
 *   DB_URL=postgres://… node indexer/bench/subsquid/processor.ts \
 *     '{"rpcUrl":"http://…","address":"0x…","from":2,"to":35,"finalityConfirmation":5}'
 *
 * It prints `peer started` once configured (the bench's "after its start-up" point). Its last
 * blocks stay hot (above finality) until the chain moves on, so it keeps running: the bench
 * watches its status and hot-block rows, and stops it.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  LENDING_EVENT_NAMES,
  type LendingEventName,
  microLendingAbi,
  STATUS_AFTER_EVENT,
} from '@lendpath/contracts';
import { event, indexed } from '@subsquid/evm-abi';
import * as p from '@subsquid/evm-codec';
import { EvmBatchProcessor } from '@subsquid/evm-processor';
import { TypeormDatabase } from '@subsquid/typeorm-store';
import { In } from 'typeorm';
import { toEventSelector, toEventSignature } from 'viem';

import { ChainEvent, Loan } from './model.ts';

interface PeerConfig {
  rpcUrl: string;
  address: string;
  from: number;
  to: number;
  finalityConfirmation: number;
}

const config = JSON.parse(process.argv[2] ?? '{}') as PeerConfig;

/** Every argument of the stored events is one of these (as contracts/src/lending-log.ts checks). */
const codecs: Partial<Record<string, p.Codec<unknown>>> = {
  uint256: p.uint256,
  address: p.address,
  bool: p.bool,
};

/** What typegen would write for each stored event, from the contract's ABI. */
function eventCodecs() {
  return LENDING_EVENT_NAMES.map((name) => {
    const item = microLendingAbi.find((entry) => entry.type === 'event' && entry.name === name);
    if (item?.type !== 'event') {
      throw new Error(`the lending ABI has no event ${name}`);
    }
    const args = Object.fromEntries(
      item.inputs.map((input) => {
        const codec = codecs[input.type];
        if (codec === undefined) {
          throw new Error(`${name}.${input.name}: no codec for ${input.type}`);
        }
        return [input.name, 'indexed' in input && input.indexed ? indexed(codec) : codec];
      }),
    );
    return { name, codec: event(toEventSelector(item), toEventSignature(item), args) };
  });
}

const events = eventCodecs();
const byTopic = new Map(events.map((e) => [e.codec.topic, e]));

const stored = (value: unknown): string | boolean =>
  typeof value === 'bigint'
    ? value.toString()
    : typeof value === 'string'
      ? value.toLowerCase()
      : Boolean(value);

/** The loan after one of its events (DESIGN.md §4): status and the fields the event sets. */
function fold(loan: Loan | undefined, e: ChainEvent): Loan | undefined {
  const name = e.name as LendingEventName;
  const args = e.args as Record<string, string>;
  const status = (STATUS_AFTER_EVENT as Partial<Record<LendingEventName, string>>)[name];
  if (loan === undefined) {
    if (name !== 'LoanRequested') {
      return undefined; // Not one of this contract's loans as this history has them.
    }
    loan = new Loan({
      id: e.loanId,
      status: 'requested',
      borrower: args.borrower ?? '',
      lender: null,
      amount: args.amount ?? '0',
      aprBps: null,
      dueDate: null,
      repaymentAmount: null,
      repaidAmount: null,
      asOfBlock: e.blockNumber,
      asOfBlockHash: e.blockHash,
    });
  }
  if (status !== undefined) {
    loan.status = status;
  }
  if (name === 'LoanFunded') {
    loan.lender = args.lender ?? null;
    loan.aprBps = args.aprBps ?? null;
    loan.dueDate = args.dueDate ?? null;
    loan.repaymentAmount = args.repaymentAmount ?? null;
  } else if (name === 'LoanRepaid') {
    loan.repaidAmount = args.amount ?? null;
  }
  loan.asOfBlock = e.blockNumber;
  loan.asOfBlockHash = e.blockHash;
  return loan;
}

const processor = new EvmBatchProcessor()
  .setRpcEndpoint({ url: config.rpcUrl })
  .setFinalityConfirmation(config.finalityConfirmation)
  // Ours polls the head every INDEXER_POLL_MS (250 by default); Subsquid's default is 5,000.
  .setRpcDataIngestionSettings({ headPollInterval: 250 })
  .setBlockRange({ from: config.from, to: config.to })
  .setFields({ log: { transactionHash: true } })
  .addLog({ address: [config.address], topic0: events.map((e) => e.codec.topic) });

console.log('peer started');
processor.run(
  // projectDir: typeorm-config finds the entities in <projectDir>/lib/model.
  new TypeormDatabase({
    supportHotBlocks: true,
    projectDir: dirname(fileURLToPath(import.meta.url)),
  }),
  async (ctx) => {
    const rows: ChainEvent[] = [];
    for (const block of ctx.blocks) {
      for (const log of block.logs) {
        const decoder = byTopic.get(log.topics[0] ?? '');
        if (decoder === undefined) {
          continue;
        }
        const decoded = decoder.codec.decode(log) as Record<string, unknown>;
        const args = Object.fromEntries(
          Object.entries(decoded).map(([key, value]) => [key, stored(value)]),
        );
        rows.push(
          new ChainEvent({
            id: log.id,
            blockNumber: block.header.height,
            blockHash: block.header.hash,
            blockTimestamp: Math.floor(block.header.timestamp / 1_000),
            logIndex: log.logIndex,
            txHash: log.transactionHash,
            name: decoder.name,
            loanId: String(args.id),
            args,
          }),
        );
      }
    }
    const ids = [...new Set(rows.map((row) => row.loanId))];
    const loans = new Map(
      (await ctx.store.findBy(Loan, { id: In(ids) })).map((loan) => [loan.id, loan]),
    );
    for (const row of rows) {
      const loan = fold(loans.get(row.loanId), row);
      if (loan !== undefined) {
        loans.set(loan.id, loan);
      }
    }
    await ctx.store.insert(rows);
    await ctx.store.upsert([...loans.values()]);
  },
);
