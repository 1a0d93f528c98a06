// One type-aware config for all five workspaces and the root scripts. Each file is checked
// against the nearest tsconfig.json (projectService), so every workspace keeps its own options.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'contracts/artifacts/**',
      'contracts/cache/**',
      'contracts/types/**',
      'contracts/coverage/**',
      'contracts/.coverage/**',
      'contracts/ignition/deployments/**',
      'test/test-results/**',
      'test/playwright-report/**',
      '.dev/**',
      // Generated (npm run generate:api-types; npm run check fails on drift): it spells a query's
      // `'me' | uuid` as the document's `'me' | string`, which lint would refuse.
      'web/src/api/schema.gen.ts',
      '.test/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // node:test's describe/it return promises the runner itself awaits.
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite'] },
          ],
        },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'always'],
      curly: ['error', 'all'],
      'no-console': 'off',
    },
  },
  {
    // Nest reads constructor parameter types through emitDecoratorMetadata, so an injected
    // class must stay a value import even where only its type is named.
    files: ['api/**/*.ts', 'indexer/**/*.ts'],
    rules: {
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Jest's expect(...) matchers and mocks are untyped-by-design at a few seams.
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
