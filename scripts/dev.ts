/**
 * `npm run dev`: the whole product on this machine, from a fresh clone. Finds (or starts)
 * PostgreSQL and Redis, then brings up the chain, contracts, migrations, mail inbox, api,
 * indexer and web, and prints where everything is. Ctrl-C stops every process it started.
 * `npm run dev -- --chain arbitrum-sepolia` runs it all on the Sepolia-shaped local chain.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { echoChildren } from '@lendpath/test-kit/children';
import { step } from '@lendpath/test-kit/progress';
import {
  dockerComposeWorks,
  postgresAnswers,
  postgresServerUrl,
  redisAnswers,
  redisUrl,
  servicesHelp,
} from '@lendpath/test-kit/services';
import { root, startStack } from '@lendpath/test-kit/stack';
import { withDatabase } from '@lendpath/test-kit/postgres';

const SHAPES = ['local', 'arbitrum-sepolia'] as const;
const { values } = parseArgs({ options: { chain: { type: 'string', default: 'local' } } });
const shape = SHAPES.find((known) => known === values.chain);
if (shape === undefined) {
  console.error(`--chain must be ${SHAPES.join(' or ')}, not "${values.chain}"`);
  process.exit(2);
}

const started = performance.now();
console.log(
  shape === 'local'
    ? 'Starting LendPath locally…'
    : 'Starting LendPath locally, on a Hardhat node shaped like Arbitrum Sepolia…',
);

const databaseUrl = process.env.DATABASE_URL ?? withDatabase(postgresServerUrl(), 'lendpath');
const redis = redisUrl();

await step('PostgreSQL and Redis', async () => {
  const up = async () => (await postgresAnswers(databaseUrl)) && (await redisAnswers(redis));
  if (await up()) {
    return;
  }
  if (!dockerComposeWorks()) {
    throw new Error(servicesHelp);
  }
  const compose = spawnSync('docker', ['compose', 'up', '-d', '--wait', 'postgres', 'redis'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (compose.status !== 0 || !(await up())) {
    throw new Error(`docker compose could not start them.\n${servicesHelp}`);
  }
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

const stack = await startStack({
  mode: 'dev',
  databaseUrl,
  redisUrl: redis,
  queuePrefix: 'lendpath',
  logDir: join(root, '.dev', 'logs'),
  shape,
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

// The contracts' public entry exists once the stack has built it.
const { demoEthPerWallet, demoUsdcPerWallet, demoWallets } = await import('@lendpath/contracts');
const { urls, deployment, demoMembers } = stack;
const usdc = Number(demoUsdcPerWallet) / 1e6;
const eth = Number(demoEthPerWallet / 10n ** 18n);
console.log(`
LendPath is running (ready in ${((performance.now() - started) / 1000).toFixed(0)} s).

  Web app          ${urls.web}/login
  API              ${urls.api}          (health: ${urls.api}/health, ready: ${urls.api}/ready)
  Indexer health   ${urls.indexerHealth}/health
  Mail inbox       ${urls.mailInbox}         (SMTP on ${urls.smtp.host}:${urls.smtp.port})
  Hardhat node     ${urls.rpc}        (chain id ${deployment.chainId})
  MicroLending     ${deployment.lending.address}
  USDC             ${deployment.usdc.address}  (Circle's FiatTokenV2_2 code, ${shape === 'local' ? 'as on Arbitrum' : "at Arbitrum Sepolia's real address"})

Demo members (log in at the web app):
${demoMembers.map((m) => `  ${m.fullname.padEnd(14)} ${m.email.padEnd(26)} password ${m.password.padEnd(24)} wallet: ${m.wallet}`).join('\n')}

Demo wallets (public Hardhat test keys; import one into your browser wallet), ${usdc} USDC and ${eth} ETH each:
${demoWallets.map((w) => `  ${w.label}  ${w.address}  key ${w.privateKey}`).join('\n')}

Every process logs to .dev/logs/<name>.log; api, indexer and web also print here from now on.
Press Ctrl-C to stop everything.
`);
echoChildren();

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      return;
    }
    stopping = true;
    console.log('\nStopping…');
    void stack.stop().then(() => {
      console.log('Stopped.');
      process.exit(0);
    });
  });
}
