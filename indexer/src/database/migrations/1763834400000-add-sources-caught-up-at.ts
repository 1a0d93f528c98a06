import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * sources.caught_up_at: when the follower last stood at the chain's head (its cursor at the head
 * it read). Written even when no block arrives, so a reader (the API) can tell a follower that is
 * current from one that stopped, crashed or fell behind: the older it is, the less the store
 * can be trusted to be the chain's present.
 */
export class AddSourcesCaughtUpAt1763834400000 implements MigrationInterface {
  name = 'AddSourcesCaughtUpAt1763834400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "indexer"."sources" ADD "caught_up_at" TIMESTAMP WITH TIME ZONE`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "indexer"."sources" DROP COLUMN "caught_up_at"`);
  }
}
