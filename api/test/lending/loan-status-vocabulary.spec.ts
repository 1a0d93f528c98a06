import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
  LENDING_EVENT_NAMES,
  LOAN_STATUS_NAMES,
  LOAN_STATUSES,
  STATUS_AFTER_EVENT,
} from '@lendpath/contracts';
import { DataSource } from 'typeorm';

import {
  dropDatabase,
  ensureDatabase,
  uniqueDatabaseName,
  withDatabase,
} from '@lendpath/test-kit/postgres';
import { postgresServerUrl } from '@lendpath/test-kit/services';
import { dataSourceOptions, migrate } from '../../src/database/data-source';
import { checkedLoanStatuses, LOAN_STATUS_CHECK } from '../../src/database/loan-status-check';
import { statusAfterEventSql } from '../../src/lending/projection/loan-status';

const root = join(__dirname, '..', '..', '..');

interface AstNode {
  nodeType?: string;
  canonicalName?: string;
  members?: { name: string }[];
}

/** IMicroLending.LoanStatus's members, from the compiler's AST in the contracts' build output. */
function solidityStatuses(): string[] {
  const artifacts = join(root, 'contracts', 'artifacts');
  const { buildInfoId, inputSourceName } = JSON.parse(
    readFileSync(
      join(artifacts, 'contracts', 'interfaces', 'IMicroLending.sol', 'IMicroLending.json'),
      'utf8',
    ),
  ) as { buildInfoId: string; inputSourceName: string };
  const { output } = JSON.parse(
    readFileSync(join(artifacts, 'build-info', `${buildInfoId}.output.json`), 'utf8'),
  ) as { output: { sources: Record<string, { ast: unknown }> } };
  const found: string[][] = [];
  JSON.stringify(output.sources[inputSourceName]?.ast, (_key, value: unknown) => {
    const node = value as AstNode | null;
    if (node?.nodeType === 'EnumDefinition' && node.canonicalName === 'IMicroLending.LoanStatus') {
      found.push((node.members ?? []).map((member) => member.name));
    }
    return value;
  });
  expect(found).toHaveLength(1);
  return found[0] as string[];
}

/** Every enum of the OpenAPI document that holds a loan status. */
function openApiStatusEnums(): unknown[][] {
  const enums: unknown[][] = [];
  JSON.parse(readFileSync(join(root, 'api', 'openapi.json'), 'utf8'), (key, value: unknown) => {
    if (key === 'enum' && Array.isArray(value) && value.includes('requested')) {
      enums.push(value);
    }
    return value;
  });
  return enums;
}

/** Every union of string literals in the web's generated API types that holds a loan status. */
function webStatusUnions(): string[][] {
  const types = readFileSync(join(root, 'web', 'src', 'api', 'schema.gen.ts'), 'utf8');
  return [...types.matchAll(/'[^']*'(?:\s*\|\s*'[^']*')+/g)]
    .map(([union]) => [...union.matchAll(/'([^']*)'/g)].map((match) => match[1] as string))
    .filter((names) => names.includes('requested'));
}

/**
 * The loan statuses are named once, by the contract's enum; everything else is generated from
 * it or checked against it here, so a status added (or renamed) in one place and not the others
 * fails this suite: the Solidity enum, `@lendpath/contracts`' names (generated from it), the
 * events that lead to each status, the fold's SQL, the CHECK in the database as Postgres holds
 * it, the OpenAPI document and the web's types generated from that.
 */
describe('the loan status vocabulary', () => {
  const url = withDatabase(postgresServerUrl(), uniqueDatabaseName('lendpath_statuses'));
  let db: DataSource;

  beforeAll(async () => {
    await ensureDatabase(url);
    await migrate(url);
    db = await new DataSource(dataSourceOptions(url)).initialize();
  });
  afterAll(async () => {
    await db.destroy();
    await dropDatabase(url);
  });

  it("is the contract's enum, in its order", () => {
    expect(solidityStatuses().map((name) => name.toLowerCase())).toEqual([...LOAN_STATUS_NAMES]);
    expect(LOAN_STATUS_NAMES[0]).toBe('none');
    expect(LOAN_STATUSES).toEqual(LOAN_STATUS_NAMES.slice(1));
  });

  it('gives every status one event that leads to it', () => {
    const events = Object.keys(STATUS_AFTER_EVENT);
    expect(events.every((name) => (LENDING_EVENT_NAMES as readonly string[]).includes(name))).toBe(
      true,
    );
    expect([...Object.values(STATUS_AFTER_EVENT)].sort()).toEqual([...LOAN_STATUSES].sort());
  });

  it('folds each event to its status in SQL, and any other event to none', async () => {
    const rows = await db.query<{ event: string; status: string | null }[]>(
      `SELECT e AS event, ${statusAfterEventSql('e')} AS status FROM unnest($1::text[]) AS e`,
      [[...LENDING_EVENT_NAMES]],
    );
    expect(Object.fromEntries(rows.map((row) => [row.event, row.status]))).toEqual({
      ...Object.fromEntries(LENDING_EVENT_NAMES.map((name) => [name, null])),
      ...STATUS_AFTER_EVENT,
    });
  });

  it("is what the database's CHECK on app.loan_requests.status allows", async () => {
    expect(await checkedLoanStatuses(db)).toEqual([...LOAN_STATUSES]);
  });

  it('reaches a database migrated before the contract gained a status', async () => {
    await db.query(
      `ALTER TABLE app.loan_requests DROP CONSTRAINT ${LOAN_STATUS_CHECK},
         ADD CONSTRAINT ${LOAN_STATUS_CHECK} CHECK (status IN ('requested', 'funded'))`,
    );
    expect(await migrate(url)).toEqual([LOAN_STATUS_CHECK]);
    expect(await checkedLoanStatuses(db)).toEqual([...LOAN_STATUSES]);
    expect(await migrate(url)).toEqual([]);
  });

  it('is every status enum of the OpenAPI document (npm run openapi -w api renews it)', () => {
    const enums = openApiStatusEnums();
    expect(enums.length).toBeGreaterThanOrEqual(2);
    for (const values of enums) {
      expect(values).toEqual([...LOAN_STATUSES]);
    }
  });

  it("is every status union of the web's generated API types", () => {
    const unions = webStatusUnions();
    expect(unions.length).toBeGreaterThanOrEqual(2);
    for (const names of unions) {
      expect(names).toEqual([...LOAN_STATUSES]);
    }
  });
});
