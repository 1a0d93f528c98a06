import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  type ApiProcess,
  crashMidJob,
  type CrashRig,
  startApiProcess,
} from '@lendpath/test-kit/api-crash';
import { deleteKeys } from '@lendpath/test-kit/test-services';
import { type Pipeline, startPipeline } from './pipeline';

/**
 * Issue 16 §1: the API killed -9 after its worker took a chain-events job and before the reconcile
 * committed. The job stays active in Redis under the dead worker's lock until BullMQ's stalled
 * check hands it out again; the restarted API must not wait for that. The moment it first answers
 * /ready, every loan reads as the chain has it.
 */
describe('the API after kill -9 in the middle of a chain-events job', () => {
  let p: Pipeline | undefined;
  let restarted: ApiProcess | undefined;
  // The indexer and the API processes share a queue of their own: the pipeline's in-process API
  // (which creates members and serves nothing here) must not take the jobs.
  const prefix = `crash-${randomBytes(4).toString('hex')}`;

  afterEach(async () => {
    await restarted?.stop();
    await p?.close();
    if (p !== undefined) {
      await deleteKeys(p.env.REDIS_URL, `${prefix}:*`).catch(() => undefined);
    }
  }, 60_000);

  it('answers /ready only once every loan status equals the chain', async () => {
    const main = join(__dirname, '..', '..', 'dist', 'main.js');
    if (!existsSync(main)) {
      throw new Error(`${main} is missing: run \`npm run build -w api\` first`);
    }
    // No sweep on a timer in the in-process API: only the restarted API may repair the rows.
    p = await startPipeline({ apiEnv: { LENDING_RECOVERY_INTERVAL_MS: `${3_600_000}` } });
    const pipeline = p;
    await pipeline.startIndexer({ QUEUE_PREFIX: prefix });
    const rig: CrashRig = {
      databaseUrl: pipeline.databaseUrl,
      actions: pipeline.actions,
      token: (await pipeline.member('Olga Observer')).token,
      startApi: (name) =>
        startApiProcess({
          name,
          logDir: join(tmpdir(), 'lendpath-api-tests'),
          env: {
            ...process.env,
            NODE_ENV: 'test',
            DATABASE_URL: pipeline.databaseUrl,
            REDIS_URL: pipeline.env.REDIS_URL,
            QUEUE_PREFIX: prefix,
            RPC_URL: pipeline.chain.rpcUrl,
            DEPLOYMENT_FILE: pipeline.chain.deploymentFile,
          },
        }),
    };

    const crash = await crashMidJob(rig);
    restarted = crash.restarted;

    expect(crash.chainAtReady).toEqual({
      '1': 'funded',
      '2': 'cancelled',
      '3': 'requested',
      '4': 'requested',
    });
    expect(crash.apiAtReady).toEqual(crash.chainAtReady);
  }, 120_000);
});
