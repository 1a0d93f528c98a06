import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

import { dropDatabase, uniqueDatabaseName, withDatabase } from '@lendpath/test-kit/postgres';
import { deleteKeys } from '@lendpath/test-kit/test-services';
import { postgresServerUrl, redisUrl } from '@lendpath/test-kit/services';
import { root, startStack } from '@lendpath/test-kit/stack';

/** Starts the whole product on free ports with a fresh database; the teardown removes it all. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const databaseUrl = withDatabase(postgresServerUrl(), uniqueDatabaseName('lendpath_e2e'));
  const queuePrefix = `lendpath-e2e-${randomBytes(4).toString('hex')}`;
  console.log('Starting the stack for the end-to-end suites:');
  const stack = await startStack({
    mode: 'test',
    databaseUrl,
    redisUrl: redisUrl(),
    queuePrefix,
    logDir: join(root, '.test', 'logs'),
  });
  const teardown = async () => {
    await stack.stop();
    await dropDatabase(databaseUrl);
    await deleteKeys(redisUrl(), `${queuePrefix}:*`);
  };
  // The lending history `npm run dev` shows, made through the contract, the API and the
  // indexer: the screens that read loans have real ones to read.
  const { createDemoLoans } = await import('@lendpath/test-kit/demo-loans');
  const demo = await createDemoLoans({
    apiUrl: stack.urls.api,
    rpcUrl: stack.urls.rpc,
    deployment: stack.deployment,
    members: stack.demoMembers,
    webOrigin: stack.urls.web,
  }).catch(async (error: unknown) => {
    await teardown();
    throw error;
  });
  console.log(`  ${demo.loans} demo loans made on chain`);
  // Workers start after this and inherit it: see fixtures.ts.
  process.env.E2E_STACK = JSON.stringify({
    urls: stack.urls,
    deployment: stack.deployment,
    demoMembers: stack.demoMembers,
    // A suite that must set up what no API can (an account's age) writes to this database.
    databaseUrl,
  });
  return teardown;
}
