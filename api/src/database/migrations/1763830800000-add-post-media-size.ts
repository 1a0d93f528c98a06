import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A post image's stored size, so the feed can reserve its space before it loads. Posts with an
 * image from before this migration have none (null): the feed lays them out as it did.
 */
export class AddPostMediaSize1763830800000 implements MigrationInterface {
  name = 'AddPostMediaSize1763830800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "app"."posts"
        ADD "media_width" integer,
        ADD "media_height" integer,
        ADD CONSTRAINT "posts_media_size" CHECK (
          ("media_width" IS NULL AND "media_height" IS NULL)
          OR ("media_path" IS NOT NULL AND "media_width" > 0 AND "media_height" > 0)
        )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "app"."posts"
        DROP CONSTRAINT "posts_media_size",
        DROP COLUMN "media_width",
        DROP COLUMN "media_height"`);
  }
}
