import { demoWallets } from '@lendpath/contracts';
import type { INestApplication } from '@nestjs/common';

import { MailProcessor } from '../src/mail/mail.processor';
import { Mailer } from '../src/mail/mailer';
import { createApp } from '../src/main';
import { type Pipeline, startPipeline } from './lending/pipeline';
import { testEnv } from './test-env';

const [aliceWallet] = demoWallets.map((w) => w.address) as [`0x${string}`];
const DAY = 86_400n;

/** One sample's value from Prometheus's text format; undefined when the series is absent. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    const found = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (found === null || found[1] !== name) {
      continue;
    }
    const has = new Map(
      [...(found[2] ?? '').matchAll(/([a-z_]+)="([^"]*)"/g)].map(([, k, v]) => [k, v]),
    );
    if (Object.entries(labels).every(([key, value]) => has.get(key) === value)) {
      return Number(found[3]);
    }
  }
  return undefined;
}

/**
 * GET /metrics (issue 21): for operators only, and it answers the named series: request latency
 * by route, queue depth and age per queue, reconcile lag (chain head − newest folded block) and
 * finality lag, read from a real node, indexer, Postgres and Redis.
 */
describe('GET /metrics', () => {
  let p: Pipeline;
  const operator = { authorization: `Bearer ${process.env.OPS_TOKEN}` };
  const scrape = async () => {
    const response = await fetch(`${p.url}/metrics`, { headers: operator });
    expect(response.status).toBe(200);
    return response.text();
  };
  const chainId = () => ({ chain_id: `${p.chain.deployment.chainId}` });
  const nodeHead = async () => Number(await p.chain.rpc<string>('eth_blockNumber'));

  beforeAll(async () => {
    p = await startPipeline();
  }, 90_000);
  afterAll(() => p?.close());

  it('answers operators only, and nobody without OPS_TOKEN', async () => {
    const anonymous = await fetch(`${p.url}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await anonymous.json()).toMatchObject({ success: false, code: 'OPS.UNAUTHORIZED' });
    const wrong = await fetch(`${p.url}/metrics`, {
      headers: { authorization: `Bearer ${'0'.repeat(64)}` },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('http_request_duration_seconds');

    const answer = await fetch(`${p.url}/metrics`, { headers: operator });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);

    let off: INestApplication | undefined;
    try {
      off = await createApp(testEnv({ OPS_TOKEN: '' }));
      await off.listen(0, '127.0.0.1');
      const unset = await fetch(`${await off.getUrl()}/metrics`, { headers: operator });
      expect(unset.status).toBe(404);
    } finally {
      await off?.close();
    }
  });

  it('times requests by route pattern, not by URL', async () => {
    await fetch(`${p.url}/health`);
    await fetch(`${p.url}/academy/courses/00000000-0000-4000-8000-000000000001`);
    await fetch(`${p.url}/no/such/path`);
    const text = await scrape();
    const count = (labels: Record<string, string>) =>
      sample(text, 'http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', route: '/health', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(count({ route: '/academy/courses/:id', status: '401' })).toBeGreaterThanOrEqual(1);
    expect(count({ route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000001');
    expect(text).not.toContain('/no/such/path');
  });

  it('counts each queue’s jobs by state and ages its oldest waiting job', async () => {
    const before = await scrape();
    for (const queue of ['chain-events', 'mail', 'loan-notices']) {
      expect(sample(before, 'api_queue_jobs', { queue, state: 'waiting' })).toBe(0);
      expect(sample(before, 'api_queue_jobs', { queue, state: 'failed' })).toBe(0);
      expect(sample(before, 'api_queue_oldest_waiting_seconds', { queue })).toBe(0);
    }
    // A mail nobody takes: this API's mail worker has stopped.
    await p.app.get(MailProcessor).worker.close();
    await p.app.get(Mailer).send('ada@example.com', { name: 'account-exists' });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const after = await scrape();
    expect(sample(after, 'api_queue_jobs', { queue: 'mail', state: 'waiting' })).toBe(1);
    const age = sample(after, 'api_queue_oldest_waiting_seconds', { queue: 'mail' }) ?? 0;
    expect(age).toBeGreaterThanOrEqual(1.2);
    expect(age).toBeLessThan(30);
  });

  it('tells how far loan status trails the chain, and the finality lag', async () => {
    // Before the indexer has ever run: the node's head, and no lag to tell yet.
    const early = await scrape();
    expect(sample(early, 'api_chain_head_block', chainId())).toBe(await nodeHead());
    expect(sample(early, 'api_reconcile_lag_blocks', chainId())).toBeUndefined();

    await p.startIndexer();
    const loan = await p.actions.request(aliceWallet, 1_000_000n, 7n * DAY);
    await p.chain.mine(6);
    const head = await nodeHead();
    const caughtUp = await p.until(
      'the API to have folded up to the head',
      scrape,
      (text) => sample(text, 'api_folded_block', chainId()) === head,
      30_000,
    );
    expect(Number(loan.blockNumber)).toBeLessThanOrEqual(head);
    expect(sample(caughtUp, 'api_chain_head_block', chainId())).toBe(head);
    expect(sample(caughtUp, 'api_reconcile_lag_blocks', chainId())).toBe(0);
    // A local chain's finality is by depth: finalized 5 blocks behind the head.
    expect(sample(caughtUp, 'api_chain_finalized_block', chainId())).toBe(head - 5);
    expect(sample(caughtUp, 'api_finality_lag_blocks', chainId())).toBe(5);

    // The indexer stops; the chain goes on: loan status trails it by every new block.
    await p.indexer?.stop();
    await p.chain.mine(4);
    const behind = await scrape();
    expect(sample(behind, 'api_chain_head_block', chainId())).toBe(head + 4);
    expect(sample(behind, 'api_reconcile_lag_blocks', chainId())).toBe(4);
    expect(sample(behind, 'api_finality_lag_blocks', chainId())).toBe(9);
  }, 90_000);
});
