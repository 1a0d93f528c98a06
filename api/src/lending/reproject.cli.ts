// `npm run reproject -w api` (or `npm run reproject` at the root): rebuilds every loan_requests
// row from the indexer's event store. Safe while the API runs: each chunk locks its rows.
import { DataSource } from 'typeorm';

import type { Env } from '../config/env';
import { EnvError, loadReprojectEnv } from '../config/env';
import { dataSourceOptions } from '../database/data-source';
import { Sql } from '../database/sql';
import { LendingChain } from './chain/lending-chain';
import { LoanProjection } from './projection/loan-projection';

async function main(): Promise<void> {
  const env = loadReprojectEnv();
  const dataSource = await new DataSource(dataSourceOptions(env.DATABASE_URL)).initialize();
  try {
    const started = performance.now();
    // The chain is never read here: the projection is a fold of the stored events.
    const projection = new LoanProjection(
      dataSource,
      new LendingChain(env as Env),
      new Sql(dataSource),
      env,
    );
    const loans = await projection.reproject();
    // A reprojection changes many rows: the VACUUM it started ends before the connections do.
    await projection.beforeApplicationShutdown();
    console.log(
      `reprojected ${loans} loan(s) of chain ${env.deployment.chainId} in ` +
        `${Math.round(performance.now() - started)} ms`,
    );
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
