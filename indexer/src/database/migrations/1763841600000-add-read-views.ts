import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The views another app may read (`@lendpath/indexer/read-views`): the API folds loans from the
 * events and judges the follower from its source row, and reads nothing else of this schema. Each
 * view is a projection of one table, which Postgres inlines into the reader's query: reading
 * through it costs what reading the table did.
 */
export class AddReadViews1763841600000 implements MigrationInterface {
  name = 'AddReadViews1763841600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE VIEW "indexer"."v_sources" AS
      SELECT "chain_id", "address", "cursor_block", "head_block", "safe_block", "finalized_block",
             "halted_reason", "caught_up_at"
      FROM "indexer"."sources"`);
    await queryRunner.query(`
      CREATE VIEW "indexer"."v_chain_events" AS
      SELECT "chain_id", "address", "block_number", "block_hash", "block_timestamp", "log_index",
             "name", "loan_id", "args", "removed"
      FROM "indexer"."chain_events"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP VIEW "indexer"."v_chain_events"`);
    await queryRunner.query(`DROP VIEW "indexer"."v_sources"`);
  }
}
