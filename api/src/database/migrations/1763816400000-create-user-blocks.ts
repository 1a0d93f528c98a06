import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Who blocked whom. */
export class CreateUserBlocks1763816400000 implements MigrationInterface {
  name = 'CreateUserBlocks1763816400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "app"."user_blocks" (
        "blocker_id" uuid NOT NULL,
        "blocked_id" uuid NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "user_blocks_pkey" PRIMARY KEY ("blocker_id", "blocked_id"),
        CONSTRAINT "user_blocks_blocker_id_fkey" FOREIGN KEY ("blocker_id")
          REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "user_blocks_blocked_id_fkey" FOREIGN KEY ("blocked_id")
          REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "app"."user_blocks"`);
  }
}
