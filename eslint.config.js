// ESLint (lint) + Prettier (format): `npm run lint` runs both; `npm run format` writes the formatting.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '.data/',
      '.sst/',
      '.bench/',
      '.test-results/',
      'test-results/',
      '**/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Domain modules are namespaces (Service.create, Service.Info), as in the guide's examples.
      '@typescript-eslint/no-namespace': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='zod'] > :matches(ImportSpecifier[imported.name='z'], ImportDefaultSpecifier)",
          message:
            "Use `import * as z from 'zod'`: the named `z` export defeats tree-shaking and adds ~370 KB of locales to the Lambda bundle (docs/decisions/003).",
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Every workspace declares the packages it imports, type-only imports included: each file is checked
    // against its closest package.json (core/, functions/, web/; the root's for scripts/, e2e/, tests/).
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.d.ts', '.mjs', '.cjs', '.js', '.json', '.node'],
          conditionNames: ['types', 'import', 'require', 'default'],
          mainFields: ['types', 'module', 'main'],
        }),
      ],
    },
    rules: {
      'import-x/no-extraneous-dependencies': ['error', { includeTypes: true, includeInternal: true }],
    },
  },
  {
    // SST's program: `$config`, `sst`, `$app` are globals there.
    files: ['sst.config.ts', 'infra/**/*.ts'],
    rules: { '@typescript-eslint/triple-slash-reference': 'off' },
  },
  prettier,
);
