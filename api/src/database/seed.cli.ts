// `npm run seed -w api`: the demo members, for local development only.
import { EnvError, loadDatabaseEnv } from '../config/env';
import { demoMembers } from './demo-members';
import { seed } from './seed';

async function main(): Promise<void> {
  const env = loadDatabaseEnv();
  if (env.NODE_ENV === 'production') {
    throw new Error('refusing to seed demo members in production');
  }
  await seed(env.DATABASE_URL);
  // The last line is for `npm run dev`, which prints the members with their wallets.
  console.log(JSON.stringify({ demoMembers }));
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
