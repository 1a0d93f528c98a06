import { LOAN_STATUSES } from '@lendpath/contracts';
import type { DataSource, QueryRunner } from 'typeorm';

import { sqlList } from '../lending/projection/loan-status';

/**
 * app.loan_requests.status takes the contract's statuses and nothing else, by a CHECK built from
 * `@lendpath/contracts`' list (generated from IMicroLending.sol), never written out. Migration
 * LoanStatusCheckFromContracts put it in place; `migrate()` rebuilds it whenever the list has
 * moved since (a repeatable step, like Flyway's `R__` migrations), so a status the contract gains
 * reaches every database, and one it loses fails the migration while a row still has it.
 */
export const LOAN_STATUS_CHECK = 'loan_requests_status_check';

/** Replaces the CHECK with one built from the list as it is now. */
export async function applyLoanStatusCheck(runner: Pick<QueryRunner, 'query'>): Promise<void> {
  await runner.query(`
    ALTER TABLE "app"."loan_requests"
      DROP CONSTRAINT IF EXISTS "${LOAN_STATUS_CHECK}",
      ADD CONSTRAINT "${LOAN_STATUS_CHECK}" CHECK ("status" IN (${sqlList(LOAN_STATUSES)}))`);
}

/** The statuses the database's CHECK allows, in its order; undefined without the CHECK. */
export async function checkedLoanStatuses(
  db: Pick<DataSource, 'query'>,
): Promise<string[] | undefined> {
  const [row] = await db.query<{ definition: string }[]>(
    `SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint
     WHERE conrelid = 'app.loan_requests'::regclass AND conname = $1`,
    [LOAN_STATUS_CHECK],
  );
  return row === undefined
    ? undefined
    : [...row.definition.matchAll(/'([^']*)'::text/g)].map((match) => match[1] as string);
}

/** Rebuilds the CHECK when it no longer lists the contract's statuses; answers whether it did. */
export async function syncLoanStatusCheck(dataSource: DataSource): Promise<boolean> {
  const checked = await checkedLoanStatuses(dataSource);
  if (checked?.join() === LOAN_STATUSES.join()) {
    return false;
  }
  await dataSource.transaction((manager) => applyLoanStatusCheck(manager));
  return true;
}
