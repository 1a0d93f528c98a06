import { ListenedClient } from '@lendpath/indexer/postgres-client';
import { DataSource, type DataSourceOptions } from 'typeorm';

import { OneTimeCode } from '../auth/one-time-codes/one-time-code.entity';
import { RefreshSession } from '../auth/sessions/refresh-session.entity';
import { UserBlock } from '../users/user-block.entity';
import { User } from '../users/user.entity';
import { LOAN_STATUS_CHECK, syncLoanStatusCheck } from './loan-status-check';
import { migrations } from './migrations';

/** Every entity of schema `app`. */
export const entities = [User, OneTimeCode, RefreshSession, UserBlock];

/** The API owns this Postgres schema; its migrations table lives inside it. */
export const APP_SCHEMA = 'app';

export function dataSourceOptions(databaseUrl: string): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    schema: APP_SCHEMA,
    migrationsTableName: 'migrations',
    migrations,
    entities,
    // gen_random_uuid() is built into PostgreSQL 13+: no extension to install.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    // The schema only changes through reviewed migrations.
    synchronize: false,
    migrationsRun: false,
    applicationName: 'lendpath-api',
    // Connections listened to for errors from the start (see ListenedClient): a restart of
    // Postgres must not end the process. In pg's pipeline mode, a statement is sent as soon as
    // it is asked for, not after the answer before it: code that awaits each answer runs as
    // before, and Sql.transaction sends BEGIN and COMMIT beside its statements (sql.ts). Nothing
    // here streams or COPYs, which the mode refuses.
    extra: { Client: ListenedClient, pipeline: true },
  };
}

/**
 * Applies pending migrations, each in its own transaction, then the one repeatable step: the
 * loan status CHECK, rebuilt when the contract's statuses have moved since (loan-status-check.ts).
 * The schema itself is created first because the migrations table lives inside it.
 */
export async function migrate(databaseUrl: string): Promise<string[]> {
  const dataSource = new DataSource(dataSourceOptions(databaseUrl));
  await dataSource.initialize();
  try {
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${APP_SCHEMA}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    const statuses = (await syncLoanStatusCheck(dataSource)) ? [LOAN_STATUS_CHECK] : [];
    return [...applied.map((migration) => migration.name), ...statuses];
  } finally {
    await dataSource.destroy();
  }
}
