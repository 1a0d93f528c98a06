import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Two-step flows check a code before using it; a checked code keeps its one use. */
export class AddCodeCheckedAt1763812800000 implements MigrationInterface {
  name = 'AddCodeCheckedAt1763812800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "app"."one_time_codes" ADD "checked_at" TIMESTAMP WITH TIME ZONE`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "app"."one_time_codes" DROP COLUMN "checked_at"`);
  }
}
