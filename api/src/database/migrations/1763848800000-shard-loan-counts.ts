import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The marketplace's totals (AddLoanCounts1763838000000) kept in eight rows per chain and status,
 * one per `loan_chain_id % 8`, which readers sum (`TOTAL_SQL`). With one row, every fold that
 * changed a loan of a status held that row until it committed, so the parts of a backfill's fold
 * (LoanProjection.reconcile: transactions side by side, split by `loan_chain_id % 64 % parts`)
 * ended one after the other: the second waited at its trigger for the first's commit, which
 * itself waited for the API to read the first's 8,000-odd answered rows (~40–60 ms of the
 * indexer bench's fold, seen in Postgres's statement log). Split the same way, two, four or eight
 * parts never touch each other's rows; loans of one shard still take turns, as all did before.
 */
export class ShardLoanCounts1763848800000 implements MigrationInterface {
  name = 'ShardLoanCounts1763848800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "app"."loan_counts"
        ADD "shard" smallint NOT NULL DEFAULT 0,
        DROP CONSTRAINT "loan_counts_pkey",
        ADD CONSTRAINT "loan_counts_pkey" PRIMARY KEY ("chain_id", "status", "shard")`);
    await queryRunner.query(`ALTER TABLE "app"."loan_counts" ALTER "shard" DROP DEFAULT`);
    await queryRunner.query(applySql('(loan_chain_id % 8)::smallint', 'chain_id, status, shard'));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(applySql(null, 'chain_id, status'));
    await queryRunner.query(`
      CREATE TEMPORARY TABLE "loan_counts_merged" ON COMMIT DROP AS
        SELECT "chain_id", "status", sum("loans")::int AS "loans" FROM "app"."loan_counts"
        GROUP BY 1, 2`);
    await queryRunner.query(`DELETE FROM "app"."loan_counts"`);
    await queryRunner.query(`
      ALTER TABLE "app"."loan_counts"
        DROP CONSTRAINT "loan_counts_pkey",
        DROP "shard",
        ADD CONSTRAINT "loan_counts_pkey" PRIMARY KEY ("chain_id", "status")`);
    await queryRunner.query(
      `INSERT INTO "app"."loan_counts" SELECT * FROM "loan_counts_merged" WHERE "loans" <> 0`,
    );
  }
}

/**
 * The triggers' function (as AddLoanCounts1763838000000 wrote it), its rows keyed by `key`, the
 * shard computed as `shard` (null: no shard column).
 */
function applySql(shard: string | null, key: string): string {
  const columns = shard === null ? 'chain_id, status' : `chain_id, status, ${shard}`;
  const groups = shard === null ? '1, 2' : '1, 2, 3';
  const upsert = `ON CONFLICT (${key}) DO UPDATE SET loans = c.loans + EXCLUDED.loans`;
  return `
    CREATE OR REPLACE FUNCTION "app"."loan_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- Each trigger names only the transition tables its event has; plpgsql plans a
      -- statement when it first runs, so the branches of the other events never touch them.
      IF TG_OP = 'INSERT' THEN
        INSERT INTO app.loan_counts AS c (${key}, loans)
        SELECT ${columns}, count(*) FROM new_rows WHERE status IS NOT NULL
        GROUP BY ${groups} ORDER BY ${groups}
        ${upsert};
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO app.loan_counts AS c (${key}, loans)
        SELECT ${columns}, -count(*) FROM old_rows WHERE status IS NOT NULL
        GROUP BY ${groups} ORDER BY ${groups}
        ${upsert};
      ELSE
        INSERT INTO app.loan_counts AS c (${key}, loans)
        SELECT ${columns}, sum(n) FROM (
          SELECT chain_id, status, loan_chain_id, 1 AS n FROM new_rows WHERE status IS NOT NULL
          UNION ALL
          SELECT chain_id, status, loan_chain_id, -1 FROM old_rows WHERE status IS NOT NULL
        ) d
        GROUP BY ${groups} HAVING sum(n) <> 0 ORDER BY ${groups}
        ${upsert};
      END IF;
      RETURN NULL;
    END $$`;
}
