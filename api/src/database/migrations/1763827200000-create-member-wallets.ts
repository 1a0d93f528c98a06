import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wallets linked to members by a signed Sign-In with Ethereum message (module `wallets`).
 *
 * - member_wallets: one row per wallet (lower-case address), owned by one member. A loan's
 *   borrower and lender members are whoever linked the chain's borrower and lender wallets, so
 *   the lending views join this table instead of copying who posted first.
 * - loan_requests.lender_user_id goes: the lender member now comes from the linked lender wallet,
 *   never from whoever posted the fund receipt.
 */
export class CreateMemberWallets1763827200000 implements MigrationInterface {
  name = 'CreateMemberWallets1763827200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "app"."member_wallets" (
        "address" text NOT NULL,
        "user_id" uuid NOT NULL,
        "linked_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "member_wallets_pkey" PRIMARY KEY ("address"),
        CONSTRAINT "member_wallets_address_check" CHECK ("address" ~ '^0x[0-9a-f]{40}$'),
        CONSTRAINT "member_wallets_user_id_fkey" FOREIGN KEY ("user_id")
          REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE INDEX "member_wallets_user_idx" ON "app"."member_wallets" ("user_id")`,
    );
    await queryRunner.query(`ALTER TABLE "app"."loan_requests" DROP COLUMN "lender_user_id"`);
    // `borrower=me` and the open-loan check look loans up by the chain's borrower wallet.
    await queryRunner.query(
      `CREATE INDEX "loan_requests_borrower_wallet_idx" ON "app"."loan_requests" ("borrower_wallet")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "app"."loan_requests_borrower_wallet_idx"`);
    await queryRunner.query(`ALTER TABLE "app"."loan_requests" ADD "lender_user_id" uuid`);
    await queryRunner.query(`
      ALTER TABLE "app"."loan_requests" ADD CONSTRAINT "loan_requests_lender_user_id_fkey"
        FOREIGN KEY ("lender_user_id") REFERENCES "app"."users"("id")
        ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(
      `CREATE INDEX "loan_requests_lender_user_idx" ON "app"."loan_requests" ("lender_user_id")`,
    );
    await queryRunner.query(`DROP TABLE "app"."member_wallets"`);
  }
}
