import { createRequire } from 'node:module';

import hardhatToolboxViem from '@nomicfoundation/hardhat-toolbox-viem';
import { defineConfig } from 'hardhat/config';

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
  },
});
