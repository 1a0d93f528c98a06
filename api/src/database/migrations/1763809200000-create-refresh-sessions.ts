import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Sign-in sessions: refresh tokens, stored hashed, grouped in rotation families. */
export class CreateRefreshSessions1763809200000 implements MigrationInterface {
  name = 'CreateRefreshSessions1763809200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "app"."refresh_sessions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "family_id" uuid NOT NULL,
        "token_hash" bytea NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "rotated_at" TIMESTAMP WITH TIME ZONE,
        "revoked_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "refresh_sessions_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "refresh_sessions_user_id_fkey" FOREIGN KEY ("user_id")
          REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE INDEX "refresh_sessions_user_id" ON "app"."refresh_sessions" ("user_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "refresh_sessions_family_id" ON "app"."refresh_sessions" ("family_id")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "refresh_sessions_token_hash_key" ON "app"."refresh_sessions" ("token_hash")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "app"."refresh_sessions"`);
  }
}
