import { DataSource, type DataSourceOptions } from 'typeorm';

import { ListenedClient } from '../public/postgres-client';
import { migrations } from './migrations';

/** The indexer owns this Postgres schema; its migrations table lives inside it. */
export const INDEXER_SCHEMA = 'indexer';

export function dataSourceOptions(databaseUrl: string): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    schema: INDEXER_SCHEMA,
    migrationsTableName: 'migrations',
    migrations,
    entities: [],
    // The schema only changes through reviewed migrations.
    synchronize: false,
    migrationsRun: false,
    applicationName: 'lendpath-indexer',
    // Connections listened to for errors from the start (see ListenedClient).
    extra: { Client: ListenedClient },
  };
}

/**
 * Applies pending migrations, each in its own transaction. The schema itself is created first
 * because the migrations table lives inside it.
 */
export async function migrate(databaseUrl: string): Promise<string[]> {
  const dataSource = new DataSource(dataSourceOptions(databaseUrl));
  await dataSource.initialize();
  try {
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${INDEXER_SCHEMA}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}
