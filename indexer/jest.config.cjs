/** @type {import('jest').Config} */
module.exports = {
  ...require('../scripts/lib/jest-nest.cjs'),
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
};
