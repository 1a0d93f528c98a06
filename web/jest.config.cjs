/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: '<rootDir>/test/jsdom-environment.cjs',
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}', '<rootDir>/server/**/*.spec.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@/config/env$': '<rootDir>/test/env.ts',
    '\\.module\\.css$': 'identity-obj-proxy',
    '\\.css$': '<rootDir>/test/style-stub.ts',
    '^@/(.*)$': '<rootDir>/src/$1',
  },
};
