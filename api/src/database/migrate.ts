// `npm run migrate -w api`: applies the API's pending migrations to DATABASE_URL.
import { EnvError, loadDatabaseEnv } from '../config/env';
import { migrate } from './data-source';

async function main(): Promise<void> {
  const env = loadDatabaseEnv();
  const applied = await migrate(env.DATABASE_URL);
  console.log(
    applied.length === 0 ? 'api: schema app is up to date' : `api: applied ${applied.join(', ')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
