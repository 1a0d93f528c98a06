import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Members and the one-time codes that prove their email addresses. */
export class CreateAccounts1763805600000 implements MigrationInterface {
  name = 'CreateAccounts1763805600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "app"."users" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "email" text NOT NULL,
        "phone" text NOT NULL,
        "fullname" text NOT NULL,
        "password_hash" text NOT NULL,
        "gender" text,
        "age_range" text,
        "city" text,
        "town" text,
        "country" text,
        "occupation" text,
        "email_verified_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "users_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_email_key" ON "app"."users" ("email")`);
    await queryRunner.query(`
      CREATE TABLE "app"."one_time_codes" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "email" text NOT NULL,
        "purpose" text NOT NULL,
        "code_hmac" bytea NOT NULL,
        "attempts" smallint NOT NULL DEFAULT '0',
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "consumed_at" TIMESTAMP WITH TIME ZONE,
        "revoked_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "one_time_codes_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "one_time_codes_email_created_at" ON "app"."one_time_codes" ("email", "created_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "app"."one_time_codes"`);
    await queryRunner.query(`DROP TABLE "app"."users"`);
  }
}
