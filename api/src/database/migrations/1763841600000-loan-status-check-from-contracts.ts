import type { MigrationInterface, QueryRunner } from 'typeorm';

import { applyLoanStatusCheck, LOAN_STATUS_CHECK } from '../loan-status-check';

/**
 * The CHECK on app.loan_requests.status built from `@lendpath/contracts`' list of statuses
 * instead of naming them (see loan-status-check.ts, which also keeps it in step afterwards).
 */
export class LoanStatusCheckFromContracts1763841600000 implements MigrationInterface {
  name = 'LoanStatusCheckFromContracts1763841600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await applyLoanStatusCheck(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Back to the CHECK as CreateLoanRequests1763820000000 wrote it.
    await queryRunner.query(`
      ALTER TABLE "app"."loan_requests"
        DROP CONSTRAINT "${LOAN_STATUS_CHECK}",
        ADD CONSTRAINT "${LOAN_STATUS_CHECK}" CHECK ("status" IN
          ('requested', 'funded', 'repaid', 'cancelled', 'defaulted'))`);
  }
}
