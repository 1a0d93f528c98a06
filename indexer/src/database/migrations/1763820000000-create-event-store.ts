import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event store and the follower's state.
 *
 * - sources: one row per followed contract: the cursor (last block fully indexed, and its hash),
 *   the chain's head/safe/finalized as last seen, and a halt reason when a reorg went deeper than
 *   finality.
 * - blocks: hashes of the unfinalized window, to find the common ancestor on a reorg.
 * - chain_events: the contract's decoded logs, keyed by (chain_id, block_hash, log_index); a
 *   reorg marks orphaned ones removed, it never deletes them.
 * - outbox: batches to announce on the chain-events queue, committed with the batch itself.
 */
export class CreateEventStore1763820000000 implements MigrationInterface {
  name = 'CreateEventStore1763820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "indexer"."sources" (
        "chain_id" integer NOT NULL,
        "address" text NOT NULL,
        "deploy_block" bigint NOT NULL,
        "cursor_block" bigint NOT NULL,
        "cursor_hash" text,
        "head_block" bigint,
        "safe_block" bigint,
        "finalized_block" bigint,
        "reorg_count" integer NOT NULL DEFAULT 0,
        "halted_reason" text,
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "sources_pkey" PRIMARY KEY ("chain_id", "address")
      )`);
    await queryRunner.query(`
      CREATE TABLE "indexer"."blocks" (
        "chain_id" integer NOT NULL,
        "address" text NOT NULL,
        "number" bigint NOT NULL,
        "hash" text NOT NULL,
        "parent_hash" text NOT NULL,
        "timestamp" bigint NOT NULL,
        CONSTRAINT "blocks_pkey" PRIMARY KEY ("chain_id", "address", "number")
      )`);
    await queryRunner.query(`
      CREATE TABLE "indexer"."chain_events" (
        "chain_id" integer NOT NULL,
        "address" text NOT NULL,
        "block_number" bigint NOT NULL,
        "block_hash" text NOT NULL,
        "block_timestamp" bigint NOT NULL,
        "log_index" integer NOT NULL,
        "tx_hash" text NOT NULL,
        "name" text NOT NULL,
        "loan_id" numeric(78,0) NOT NULL,
        "args" jsonb NOT NULL,
        "removed" boolean NOT NULL DEFAULT false,
        CONSTRAINT "chain_events_pkey" PRIMARY KEY ("chain_id", "block_hash", "log_index")
      )`);
    // Few and narrow indexes: each one is paid for by every row a backfill writes (these
    // halved the cost of a 50,000-event batch against an id key and address-prefixed indexes).
    await queryRunner.query(
      `CREATE INDEX "chain_events_loan_idx" ON "indexer"."chain_events" ("chain_id", "loan_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "chain_events_block_idx" ON "indexer"."chain_events" ("chain_id", "block_number")`,
    );
    await queryRunner.query(`
      CREATE TABLE "indexer"."outbox" (
        "id" bigserial NOT NULL,
        "chain_id" integer NOT NULL,
        "address" text NOT NULL,
        "from_block" bigint NOT NULL,
        "to_block" bigint NOT NULL,
        "loan_ids" numeric(78,0)[] NOT NULL,
        "safe_block" bigint NOT NULL,
        "finalized_block" bigint NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "relayed_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "outbox_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "outbox_unrelayed_idx" ON "indexer"."outbox" ("id") WHERE "relayed_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "indexer"."outbox"`);
    await queryRunner.query(`DROP TABLE "indexer"."chain_events"`);
    await queryRunner.query(`DROP TABLE "indexer"."blocks"`);
    await queryRunner.query(`DROP TABLE "indexer"."sources"`);
  }
}
