// `npm run seed -w api`: the Academy's courses and the community's categories everywhere; the
// demo members and their welcome posts too, except in production.
import { EnvError, loadDatabaseEnv } from '../config/env';
import { demoMembers } from './demo-members';
import { seed } from './seed';

async function main(): Promise<void> {
  const env = loadDatabaseEnv();
  const demo = env.NODE_ENV !== 'production';
  await seed(env.DATABASE_URL, { demo });
  // The last line is for `npm run dev`, which prints the members with their wallets.
  console.log(JSON.stringify({ demoMembers: demo ? demoMembers : [] }));
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
