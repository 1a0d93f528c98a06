import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The marketplace's total, kept as it changes: how many listed loans (status not null) each chain
 * has per status, maintained by triggers on app.loan_requests in the same transaction as the
 * change, so it is exactly `count(*)` of the rows any reader of that snapshot sees. Counting the
 * rows on every page cost ~0.36 ms of Postgres per request at 3,000 loans and grows with them
 * (`npm run bench -w api`); reading the totals costs a primary-key lookup.
 *
 * Statement-level triggers with transition tables: a fold that changes a thousand loans adds one
 * delta per (chain, status), applied in key order so that concurrent folds lock the counters in
 * the same order. TRUNCATE (a dev stack forgetting an old chain) empties the counters too.
 */
export class AddLoanCounts1763838000000 implements MigrationInterface {
  name = 'AddLoanCounts1763838000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "app"."loan_counts" (
        "chain_id" integer NOT NULL,
        "status" text NOT NULL,
        -- No CHECK (loans >= 0): Postgres checks an ON CONFLICT insert's proposed row, whose
        -- delta may be negative, before it finds the row the delta applies to.
        "loans" integer NOT NULL,
        CONSTRAINT "loan_counts_pkey" PRIMARY KEY ("chain_id", "status")
      )`);
    await queryRunner.query(`
      CREATE FUNCTION "app"."loan_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- Each trigger names only the transition tables its event has; plpgsql plans a
        -- statement when it first runs, so the branches of the other events never touch them.
        IF TG_OP = 'INSERT' THEN
          INSERT INTO app.loan_counts AS c (chain_id, status, loans)
          SELECT chain_id, status, count(*) FROM new_rows WHERE status IS NOT NULL
          GROUP BY 1, 2 ORDER BY 1, 2
          ON CONFLICT (chain_id, status) DO UPDATE SET loans = c.loans + EXCLUDED.loans;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO app.loan_counts AS c (chain_id, status, loans)
          SELECT chain_id, status, -count(*) FROM old_rows WHERE status IS NOT NULL
          GROUP BY 1, 2 ORDER BY 1, 2
          ON CONFLICT (chain_id, status) DO UPDATE SET loans = c.loans + EXCLUDED.loans;
        ELSE
          INSERT INTO app.loan_counts AS c (chain_id, status, loans)
          SELECT chain_id, status, sum(n) FROM (
            SELECT chain_id, status, 1 AS n FROM new_rows WHERE status IS NOT NULL
            UNION ALL
            SELECT chain_id, status, -1 FROM old_rows WHERE status IS NOT NULL
          ) d
          GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
          ON CONFLICT (chain_id, status) DO UPDATE SET loans = c.loans + EXCLUDED.loans;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION "app"."loan_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM app.loan_counts;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "loan_counts_insert" AFTER INSERT ON "app"."loan_requests"
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION "app"."loan_counts_apply"()`);
    await queryRunner.query(`
      CREATE TRIGGER "loan_counts_update" AFTER UPDATE ON "app"."loan_requests"
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION "app"."loan_counts_apply"()`);
    await queryRunner.query(`
      CREATE TRIGGER "loan_counts_delete" AFTER DELETE ON "app"."loan_requests"
        REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION "app"."loan_counts_apply"()`);
    await queryRunner.query(`
      CREATE TRIGGER "loan_counts_truncate" AFTER TRUNCATE ON "app"."loan_requests"
        FOR EACH STATEMENT EXECUTE FUNCTION "app"."loan_counts_clear"()`);
    await queryRunner.query(`
      INSERT INTO "app"."loan_counts" ("chain_id", "status", "loans")
      SELECT "chain_id", "status", count(*) FROM "app"."loan_requests"
      WHERE "status" IS NOT NULL GROUP BY 1, 2`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const trigger of ['insert', 'update', 'delete', 'truncate']) {
      await queryRunner.query(`DROP TRIGGER "loan_counts_${trigger}" ON "app"."loan_requests"`);
    }
    await queryRunner.query(`DROP FUNCTION "app"."loan_counts_clear"()`);
    await queryRunner.query(`DROP FUNCTION "app"."loan_counts_apply"()`);
    await queryRunner.query(`DROP TABLE "app"."loan_counts"`);
  }
}
