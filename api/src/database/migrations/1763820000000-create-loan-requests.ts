import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lending projection and what members add to it.
 *
 * - loan_requests: one row per loan of the lending contract. The chain columns are a projection
 *   folded from the loan's canonical chain events (never written from client input); the member
 *   columns (borrower_user_id, wallet_address, description, recorded_at) are the off-chain record
 *   POST /microlending/request attaches once the loan is verified on chain.
 * - loan_funding_intents: a lender's recorded intent (approve) before they fund on chain.
 * - loan_chain_hints: events read from a receipt the API verified itself (the fast path), folded
 *   in until the indexer has passed their block.
 */
export class CreateLoanRequests1763820000000 implements MigrationInterface {
  name = 'CreateLoanRequests1763820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "app"."loan_requests" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "chain_id" integer NOT NULL,
        "loan_chain_id" numeric(78,0) NOT NULL,
        "status" text,
        "borrower_wallet" text,
        "amount_units" numeric(78,0),
        "duration_seconds" bigint,
        "max_apr_bps" integer,
        "requested_at" TIMESTAMP WITH TIME ZONE,
        "lender_wallet" text,
        "apr_bps" integer,
        "start_date" TIMESTAMP WITH TIME ZONE,
        "due_date" TIMESTAMP WITH TIME ZONE,
        "repayment_units" numeric(78,0),
        "repaid_units" numeric(78,0),
        "penalty_units" numeric(78,0),
        "repaid_at" TIMESTAMP WITH TIME ZONE,
        "escrowed" boolean,
        "escrow_released" boolean,
        "as_of_block" bigint,
        "as_of_block_hash" text,
        "finality" text,
        "borrower_user_id" uuid,
        "lender_user_id" uuid,
        "wallet_address" text,
        "description" text,
        "recorded_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "loan_requests_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "loan_requests_chain_loan_key" UNIQUE ("chain_id", "loan_chain_id"),
        CONSTRAINT "loan_requests_status_check" CHECK ("status" IN
          ('requested', 'funded', 'repaid', 'cancelled', 'defaulted')),
        CONSTRAINT "loan_requests_finality_check" CHECK ("finality" IN
          ('pending', 'safe', 'finalized')),
        CONSTRAINT "loan_requests_projected_check" CHECK ("status" IS NULL OR (
          "borrower_wallet" IS NOT NULL AND "amount_units" IS NOT NULL
          AND "duration_seconds" IS NOT NULL AND "requested_at" IS NOT NULL
          AND "as_of_block" IS NOT NULL AND "as_of_block_hash" IS NOT NULL
          AND "finality" IS NOT NULL)),
        CONSTRAINT "loan_requests_borrower_user_id_fkey" FOREIGN KEY ("borrower_user_id")
          REFERENCES "app"."users"("id") ON DELETE SET NULL ON UPDATE NO ACTION,
        CONSTRAINT "loan_requests_lender_user_id_fkey" FOREIGN KEY ("lender_user_id")
          REFERENCES "app"."users"("id") ON DELETE SET NULL ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE INDEX "loan_requests_listing_idx" ON "app"."loan_requests" ("status", "requested_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "loan_requests_borrower_user_idx" ON "app"."loan_requests" ("borrower_user_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "loan_requests_lender_wallet_idx" ON "app"."loan_requests" ("lender_wallet")`,
    );
    await queryRunner.query(
      `CREATE INDEX "loan_requests_lender_user_idx" ON "app"."loan_requests" ("lender_user_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "loan_requests_finality_idx" ON "app"."loan_requests" ("chain_id", "finality", "as_of_block")`,
    );
    await queryRunner.query(`
      CREATE TABLE "app"."loan_funding_intents" (
        "loan_request_id" uuid NOT NULL,
        "lender_user_id" uuid NOT NULL,
        "interest_rate" numeric(4,1) NOT NULL,
        "lender_wallet" text NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "loan_funding_intents_pkey" PRIMARY KEY ("loan_request_id", "lender_user_id"),
        CONSTRAINT "loan_funding_intents_loan_request_id_fkey" FOREIGN KEY ("loan_request_id")
          REFERENCES "app"."loan_requests"("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "loan_funding_intents_lender_user_id_fkey" FOREIGN KEY ("lender_user_id")
          REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`
      CREATE TABLE "app"."loan_chain_hints" (
        "chain_id" integer NOT NULL,
        "block_hash" text NOT NULL,
        "log_index" integer NOT NULL,
        "block_number" bigint NOT NULL,
        "block_timestamp" bigint NOT NULL,
        "tx_hash" text NOT NULL,
        "address" text NOT NULL,
        "name" text NOT NULL,
        "loan_id" numeric(78,0) NOT NULL,
        "args" jsonb NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "loan_chain_hints_pkey" PRIMARY KEY ("chain_id", "block_hash", "log_index")
      )`);
    await queryRunner.query(
      `CREATE INDEX "loan_chain_hints_loan_idx" ON "app"."loan_chain_hints" ("chain_id", "loan_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "loan_chain_hints_block_idx" ON "app"."loan_chain_hints" ("chain_id", "block_number")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "app"."loan_chain_hints"`);
    await queryRunner.query(`DROP TABLE "app"."loan_funding_intents"`);
    await queryRunner.query(`DROP TABLE "app"."loan_requests"`);
  }
}
