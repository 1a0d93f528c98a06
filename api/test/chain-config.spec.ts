import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { INestApplication } from '@nestjs/common';

import { createApp } from '../src/main';
import { testEnv } from './test-env';

/** GET /chain: what the browser's wallet needs, from the deployment file the API verifies with. */
describe('GET /chain', () => {
  const apps: INestApplication[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  const chainConfig = async (overrides: NodeJS.ProcessEnv) => {
    const app = await createApp(testEnv(overrides));
    apps.push(app);
    await app.listen(0, '127.0.0.1');
    const response = await fetch(`${await app.getUrl()}/chain`);
    return { status: response.status, body: (await response.json()) as { data: unknown } };
  };

  it('answers the local deployment to anyone, with the RPC the API uses', async () => {
    expect(await chainConfig({})).toEqual({
      status: 200,
      body: {
        success: true,
        message: 'OK',
        data: {
          chainId: 31337,
          chainName: 'Hardhat',
          lendingAddress: '0x000000000000000000000000000000000000dEaD',
          usdcAddress: '0x000000000000000000000000000000000000bEEF',
          deployBlock: 1,
          rpcUrl: 'http://127.0.0.1:9',
          explorerUrl: null,
        },
      },
    });
  });

  it("names Arbitrum's explorer, and takes the browsers' RPC and explorer when configured", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lendpath-chain-'));
    const file = join(dir, '421614.json');
    await writeFile(
      file,
      JSON.stringify({
        chainId: 421614,
        lending: { address: '0x5fbdb2315678afecb367f032d93f642f64180aa3', deployBlock: 120 },
        usdc: { address: '0x75faf114eafb1bdbe2f0316df893fd58ce46aa4d', deployBlock: 100 },
        abiHash: `0x${'0'.repeat(64)}`,
      }),
    );
    const sepolia = await chainConfig({ DEPLOYMENT_FILE: file });
    expect(sepolia.body.data).toMatchObject({
      chainId: 421614,
      chainName: 'Arbitrum Sepolia',
      lendingAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      usdcAddress: '0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d',
      deployBlock: 120,
      explorerUrl: 'https://sepolia.arbiscan.io',
    });
    const configured = await chainConfig({
      DEPLOYMENT_FILE: file,
      PUBLIC_RPC_URL: 'https://sepolia-rollup.arbitrum.io/rpc',
      EXPLORER_URL: 'https://explorer.example',
    });
    expect(configured.body.data).toMatchObject({
      rpcUrl: 'https://sepolia-rollup.arbitrum.io/rpc',
      explorerUrl: 'https://explorer.example',
    });
  });
});
