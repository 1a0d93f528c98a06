import { randomBytes } from 'node:crypto';

import pg from 'pg';

/** The maintenance database URL beside `url`: same server and credentials, database `postgres`. */
export function adminUrlFor(url: string): string {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  return admin.toString();
}

/** `url` with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/** A fresh, unique database name for one test run: `<prefix>_<pid>_<random>`. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

async function withAdmin<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrlFor(serverUrl) });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Creates the database named in `url` unless it exists. Answers whether it created it. */
export async function ensureDatabase(url: string): Promise<boolean> {
  const name = databaseName(url);
  return withAdmin(url, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount !== 0) {
      return false;
    }
    await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
    return true;
  });
}

/** Drops the database named in `url`, closing any connection still open to it. */
export async function dropDatabase(url: string): Promise<void> {
  await withAdmin(url, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${quoteIdent(databaseName(url))} WITH (FORCE)`),
  );
}
