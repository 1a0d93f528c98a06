import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Loan notices by email (module `notices`).
 *
 * - users.loan_notices: the member's choice, on until they turn it off (profile or stop link).
 * - loan_notices: one row per notice a member was sent, keyed by loan and kind, so a notice
 *   job that runs twice (a retry, a restart, two API processes, a loan event seen again after a
 *   reorg) mails once. `queued_at` is set once the mail is on the mail queue; a row without it is
 *   a claim whose sender stopped before queueing, which the next attempt finishes.
 */
export class AddLoanNotices1763845200000 implements MigrationInterface {
  name = 'AddLoanNotices1763845200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "app"."users" ADD "loan_notices" boolean NOT NULL DEFAULT true`,
    );
    await queryRunner.query(`
      CREATE TABLE "app"."loan_notices" (
        "loan_request_id" uuid NOT NULL,
        "kind" text NOT NULL,
        "user_id" uuid NOT NULL,
        "moment" TIMESTAMP WITH TIME ZONE NOT NULL,
        "claimed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "queued_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "loan_notices_pkey" PRIMARY KEY ("loan_request_id", "kind"),
        CONSTRAINT "loan_notices_kind_check" CHECK ("kind" IN ('funded', 'due-in-3-days',
          'due-tomorrow', 'due-today', 'grace-ended', 'repaid', 'escrowed', 'defaulted')),
        CONSTRAINT "loan_notices_user_id_fkey" FOREIGN KEY ("user_id")
          REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE INDEX "loan_notices_user_idx" ON "app"."loan_notices" ("user_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "app"."loan_notices"`);
    await queryRunner.query(`ALTER TABLE "app"."users" DROP COLUMN "loan_notices"`);
  }
}
