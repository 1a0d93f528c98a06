/** @type {import('jest').Config} */
module.exports = {
  ...require('@lendpath/test-kit/jest-nest.cjs'),
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
};
