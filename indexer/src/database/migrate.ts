// `npm run migrate -w indexer`: applies the indexer's pending migrations to DATABASE_URL.
import { EnvError, loadDatabaseEnv } from '../config/env';
import { migrate } from './data-source';

async function main(): Promise<void> {
  const env = loadDatabaseEnv();
  const applied = await migrate(env.DATABASE_URL);
  console.log(
    applied.length === 0
      ? 'indexer: schema indexer is up to date'
      : `indexer: applied ${applied.join(', ')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
