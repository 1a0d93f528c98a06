// `npm run indexer:resume` (root) or `npm run resume -w indexer`: resumes a follower halted by a
// reorg deeper than finality, after a person has looked (README, "When the indexer halts or
// lags"). `--dry-run` prints what it would do and changes nothing. Safe while the indexer runs:
// it takes the follower's lock, and the running follower goes on from where this leaves it.
import { DataSource } from 'typeorm';

import { RpcClient } from '../chain/rpc-client';
import { EnvError, loadResumeEnv } from '../config/env';
import { dataSourceOptions } from '../database/data-source';
import { chainIdCall } from './chain-reads';
import { NotHalted, type ResumeOutcome, resumeHalted } from './resume';

const short = (hash: string | null) => (hash === null ? 'none' : `${hash.slice(0, 10)}…`);

function report(outcome: ResumeOutcome): string {
  const { agreed, haltedAt } = outcome;
  return [
    outcome.dryRun ? 'dry run: nothing changed; without --dry-run it would have' : 'resumed',
    `  halted because: ${outcome.haltedReason}`,
    `  halted at block ${haltedAt.number} (${short(haltedAt.hash)})`,
    agreed.hash === null
      ? `  no stored block matches the node: following again from the deploy block ${agreed.number + 1}`
      : `  the store and the node agree up to block ${agreed.number} (${agreed.hash})`,
    `  events above it marked removed: ${outcome.removedEvents}`,
    `  loans announced for the API to fold again: ${outcome.loanIds.length === 0 ? 'none' : outcome.loanIds.join(', ')}`,
    `  cursor, safe and finalized moved to block ${agreed.number}; halt cleared`,
    '  the running indexer follows the chain again from the next block (start it if it is stopped)',
  ].join('\n');
}

async function main(): Promise<void> {
  const dryRun = process.argv.includes('--dry-run');
  const env = loadResumeEnv();
  const rpc = new RpcClient({
    url: env.RPC_URL,
    timeoutMs: env.INDEXER_RPC_TIMEOUT_MS,
    retries: env.INDEXER_RPC_RETRIES,
  });
  const chainId = Number(await rpc.call<string>(chainIdCall.method, chainIdCall.params));
  if (chainId !== env.deployment.chainId) {
    throw new Error(
      `RPC_URL serves chain ${chainId} but DEPLOYMENT_FILE is for chain ${env.deployment.chainId}`,
    );
  }
  const dataSource = await new DataSource(dataSourceOptions(env.DATABASE_URL)).initialize();
  try {
    const outcome = await resumeHalted(
      dataSource,
      rpc,
      {
        chainId,
        address: env.deployment.lending.address.toLowerCase(),
        deployBlock: env.deployment.lending.deployBlock,
      },
      { dryRun },
    );
    console.log(report(outcome));
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof EnvError || error instanceof NotHalted
      ? `indexer:resume refused: ${error.message}`
      : error,
  );
  process.exit(1);
});
