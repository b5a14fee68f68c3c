import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'var/', 'coverage/', 'test/fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    // Nest's dependency injection reads constructor and DTO types from decorator metadata: those
    // imports are values, and the type-import rule must know it.
    languageOptions: { parserOptions: { emitDecoratorMetadata: true, experimentalDecorators: true } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // Workflow code runs in Temporal's deterministic sandbox: no Node I/O, no frameworks; activities
    // are imported as types only.
    files: ['workflows/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nestjs/*', 'typeorm', 'pg', 'node:*', 'fs', 'http', 'https'],
              message: 'Not workflow-safe.',
            },
            {
              group: ['@temporalio/client', '@temporalio/worker', '@temporalio/activity'],
              message: 'Not workflow-safe.',
            },
            { group: ['@apps/*', '../apps/*'], message: 'Workflows do not depend on apps.' },
            {
              group: ['@activities/*', '../activities/*'],
              message: 'Import activities as types only.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['libs/**/*.ts'],
    // Specs beside the code are tests: they may use test/support and run the sandbox extranet.
    ignores: ['libs/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '@apps/*',
            '@activities/*',
            '@workflows/*',
            '@test/*',
            '**/apps/**',
            '**/activities/**',
            '**/workflows/**',
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
