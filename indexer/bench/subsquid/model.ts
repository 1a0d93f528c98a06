/**
 * The peer's two tables as Subsquid's typeorm-store wants them: entity classes whose instances the
 * store inserts and upserts by class (`store.insert(events)`, `store.upsert(loans)`). The mapping
 * is a TypeORM EntitySchema instead of typegen's decorators, because the bench runs TypeScript on
 * Node's type stripping, which has no decorators; the tables and columns are the same.
 */
import { EntitySchema } from 'typeorm';

/** One stored MicroLending event, as the indexer's event store keeps it (DESIGN.md §4). */
export class ChainEvent {
  /** Subsquid's log id: block height, block hash prefix and log index. */
  declare id: string;
  declare blockNumber: number;
  declare blockHash: string;
  /** Seconds. */
  declare blockTimestamp: number;
  declare logIndex: number;
  declare txHash: string;
  declare name: string;
  declare loanId: string;
  declare args: Record<string, string | boolean>;

  constructor(props?: ChainEvent) {
    Object.assign(this, props);
  }
}

/** One loan's status and fields, folded from its events (the API's projection, DESIGN.md §4). */
export class Loan {
  declare id: string;
  declare status: string;
  declare borrower: string;
  declare lender: string | null;
  declare amount: string;
  declare aprBps: string | null;
  declare dueDate: string | null;
  declare repaymentAmount: string | null;
  declare repaidAmount: string | null;
  declare asOfBlock: number;
  declare asOfBlockHash: string;

  constructor(props?: Loan) {
    Object.assign(this, props);
  }
}

const text = { type: 'text' } as const;
const numeric = { type: 'numeric' } as const;

export const ChainEventSchema = new EntitySchema<ChainEvent>({
  name: 'ChainEvent',
  target: ChainEvent,
  tableName: 'chain_event',
  columns: {
    id: { ...text, primary: true },
    blockNumber: { type: 'int4', name: 'block_number' },
    blockHash: { ...text, name: 'block_hash' },
    blockTimestamp: { type: 'int8', name: 'block_timestamp' },
    logIndex: { type: 'int4', name: 'log_index' },
    txHash: { ...text, name: 'tx_hash' },
    name: text,
    loanId: { ...numeric, name: 'loan_id' },
    args: { type: 'jsonb' },
  },
});

export const LoanSchema = new EntitySchema<Loan>({
  name: 'Loan',
  target: Loan,
  tableName: 'loan',
  columns: {
    id: { ...text, primary: true },
    status: text,
    borrower: text,
    lender: { ...text, nullable: true },
    amount: numeric,
    aprBps: { ...numeric, name: 'apr_bps', nullable: true },
    dueDate: { ...numeric, name: 'due_date', nullable: true },
    repaymentAmount: { ...numeric, name: 'repayment_amount', nullable: true },
    repaidAmount: { ...numeric, name: 'repaid_amount', nullable: true },
    asOfBlock: { type: 'int4', name: 'as_of_block' },
    asOfBlockHash: { ...text, name: 'as_of_block_hash' },
  },
});

/**
 * The schema, applied before the clock starts (as `sqd migration:apply` would be, and as the bench
 * migrates ours first). The event table has the same two indexes as ours (loan, block).
 */
export const SCHEMA_SQL = `
  CREATE TABLE chain_event (
    id text PRIMARY KEY,
    block_number int4 NOT NULL,
    block_hash text NOT NULL,
    block_timestamp int8 NOT NULL,
    log_index int4 NOT NULL,
    tx_hash text NOT NULL,
    name text NOT NULL,
    loan_id numeric NOT NULL,
    args jsonb NOT NULL
  );
  CREATE INDEX chain_event_loan_idx ON chain_event (loan_id);
  CREATE INDEX chain_event_block_idx ON chain_event (block_number);
  CREATE TABLE loan (
    id text PRIMARY KEY,
    status text NOT NULL,
    borrower text NOT NULL,
    lender text,
    amount numeric NOT NULL,
    apr_bps numeric,
    due_date numeric,
    repayment_amount numeric,
    repaid_amount numeric,
    as_of_block int4 NOT NULL,
    as_of_block_hash text NOT NULL
  );
`;
