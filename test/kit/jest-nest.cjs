// The jest settings both Nest apps share. Nest 12 ships ES modules only, so swc compiles
// @nestjs packages too (transformIgnorePatterns) along with the apps' decorators.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  transform: {
    '^.+\\.(t|j)s$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2023',
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // jose ships ES modules only, too.
  transformIgnorePatterns: ['/node_modules/(?!@nestjs/|jose/)'],
  testTimeout: 30_000,
};
