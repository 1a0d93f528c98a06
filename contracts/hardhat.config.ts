import { createRequire } from 'node:module';

import hardhatToolboxViem from '@nomicfoundation/hardhat-toolbox-viem';
import { configVariable, defineConfig } from 'hardhat/config';

import { ARBITRUM_ONE, ARBITRUM_SEPOLIA } from './src/networks.ts';

// Compile offline with the solc-js that npm installed: Hardhat would otherwise download its
// compiler list from the internet (HHE905). Hardhat does not check that `version` matches the
// binary at `path`, so the version is read from the very package that provides it.
const require = createRequire(import.meta.url);
const solcPath = require.resolve('solc/soljson.js');
const { version: solcVersion } = require('solc/package.json') as { version: string };

const compiler = {
  version: solcVersion,
  path: solcPath,
  settings: {
    evmVersion: 'cancun',
    optimizer: { enabled: true, runs: 10_000 },
    viaIR: true,
  },
};

export default defineConfig({
  plugins: [hardhatToolboxViem],
  solidity: {
    profiles: {
      default: compiler,
      production: compiler,
    },
  },
  networks: {
    hardhatMainnet: { type: 'edr-simulated', chainType: 'l1' },
    // For `hardhat verify --network <key>` (scripts/deploy.ts prints the command). Deploying
    // goes through scripts/deploy.ts, which reads the same RPC variables and the deployer's key
    // itself; Hardhat reads a configuration variable only when a task uses that network.
    ...Object.fromEntries(
      [ARBITRUM_SEPOLIA, ARBITRUM_ONE].map((network) => [
        network.key,
        {
          type: 'http' as const,
          chainType: 'generic' as const,
          chainId: network.chainId,
          url: configVariable(network.rpcUrlVariable),
        },
      ]),
    ),
  },
  // Arbiscan verifies through Etherscan's API (V2: one key for every chain it covers).
  verify: { etherscan: { apiKey: configVariable('ETHERSCAN_API_KEY') } },
});
