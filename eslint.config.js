// ESLint (lint) + Prettier (format): `npm run lint` runs both; `npm run format` writes the formatting.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './scripts/lint/no-new-cycles.js';

/**
 * Layering (GUIDE: the shape of the house), with ESLint's own no-restricted-imports.
 * It matches the import text, not the resolved file, so the feature boundary is
 * written per depth: from a file `depth` folders below web/src/features/<a>/,
 * `depth + 1` '../' reach web/src/features/ (a sibling feature) and `depth + 2`
 * '../' reach web/src/, from where features/ is off limits too. Shared pieces
 * live in web/src/lib/ or web/src/components/, which may not import features.
 */
const CORE_MESSAGE =
  'core is the domain: it imports nothing from functions/ or web/ (GUIDE: the shape of the house).';
const FEATURE_MESSAGE =
  'A feature may not import another feature: move what both need to web/src/lib/ or web/src/components/.';
const SHARED_MESSAGE =
  'web/src/lib/ and web/src/components/ are shared by the features and may not import one.';
const MAX_FEATURE_DEPTH = 5;

const layering = [
  {
    files: ['core/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@app/functions', '@app/functions/*', '@app/web', '@app/web/*'],
              message: CORE_MESSAGE,
            },
            { regex: '^(\\.\\./)+(functions|web)(/|$)', message: CORE_MESSAGE },
          ],
        },
      ],
    },
  },
  ...Array.from({ length: MAX_FEATURE_DEPTH + 1 }, (_, depth) => ({
    files: [`web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^(\\.\\./){${depth + 1}}(?!\\.\\.)`, message: FEATURE_MESSAGE },
            { regex: `^(\\.\\./){${depth + 2}}features(/|$)`, message: FEATURE_MESSAGE },
          ],
        },
      ],
    },
  })),
  {
    files: ['web/src/lib/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)features(/|$)', message: SHARED_MESSAGE }] },
      ],
    },
  },
];

/**
 * Core's import cycles (decision 103): none beyond these, and this list only shrinks. The rule
 * (scripts/lint/no-new-cycles.js) fails on a cycle of folders or files that is not inside one
 * entry, and on an entry that is no longer exactly a cycle (cut or shrunk: bring it down).
 * `npm run measure` prints the same cycles. Issue 32's target: both lists empty.
 */
const ALLOWED_CORE_CYCLES = {
  // Folders below core/src (a file in core/src itself is its own room: `config.ts`).
  folders: [],
  // Files below core/src.
  files: [],
};

const zodImport = {
  selector:
    "ImportDeclaration[source.value='zod'] > :matches(ImportSpecifier[imported.name='z'], ImportDefaultSpecifier)",
  message:
    "Use `import * as z from 'zod'`: the named `z` export defeats tree-shaking and adds ~370 KB of locales to the Lambda bundle (docs/decisions/003).",
};

/**
 * The data layer writes the expressions (decision 108): outside core/src/db a write is
 * `entity.patch(key, { set, add, remove, when })`, a condition is built with `cond`, a
 * query goes by its pattern's name. (A rule's options replace the earlier block's, so
 * the zod rule is repeated.)
 */
const rawExpressions = {
  selector: 'Property[key.name=/^(UpdateExpression|ConditionExpression|KeyConditionExpression)$/]',
  message:
    'Write no DynamoDB expression outside core/src/db: use entity.patch / tx.patch with `when`, the `cond` builders, and entity.query.<pattern> (decision 108).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'web/.ssr/',
      // The page renderer's builds and the link to the newest (web/scripts/build.mjs).
      'web/.pages',
      'web/.pages.*',
      'web/.pages-builds/',
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
      'no-restricted-syntax': ['error', zodImport],
    },
  },
  {
    // web/public/boot.js: a plain script the pre-rendered pages load as it is (decision 047);
    // web/inline/early-forms.js: the one the build inlines into them (decision 053).
    files: ['web/public/**/*.js', 'web/inline/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
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
  ...layering,
  {
    files: ['core/src/**/*.ts'],
    ignores: ['core/src/db/**', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', zodImport, rawExpressions] },
  },
  {
    files: ['core/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { local },
    rules: {
      'local/no-new-cycles': [
        'error',
        { root: 'core/src', aliases: { '@app/core/': 'core/src/' }, ...ALLOWED_CORE_CYCLES },
      ],
    },
  },
  prettier,
);
