// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { layers } from './tools/eslint-layers.js';

/** Import boundaries between the three layers (design/style.md). */
const boundary = (message, ...groups) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
});

/**
 * The one web module the server may import: the list pages' addresses and what they ask
 * of the API (list-params.ts), so the server's head tags (ADR 059) and renderer read a
 * page's list exactly as the browser does.
 */
const SERVER_MUST_NOT_IMPORT_WEB = {
  regex: '(^|/)web/(?!features/search/list-params\\.ts$)',
  message: 'server must not import web code; share through src/domain.',
};

/**
 * The browser never imports the error catalogue (src/domain/errors.ts): it would put every
 * error's message in the bundle for the one the page shows. The server sends the
 * catalogue's message with each error reply; the few the web app shows by itself, and the
 * FieldErrors type, are in src/domain/shopper-message.ts (ADR 086).
 */
const WEB_MUST_NOT_IMPORT_ERROR_CATALOGUE = {
  regex: '(^|/)domain/errors(\\.ts)?$',
  message:
    'web must not import the error catalogue (it bundles every message): the messages the ' +
    'web shows itself, and FieldErrors, are in src/domain/shopper-message.ts (ADR 086).',
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'coverage', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/domain/**'],
    rules: boundary(
      'domain is pure and shared: it must not import server or web code, nor Node I/O.',
      '**/server/**',
      '**/web/**',
      'node:*',
      'fs',
      'pg',
      '@electric-sql/*',
      'fastify',
    ),
  },
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', 'node:*'],
              message: 'web must not import server code; share through src/domain.',
            },
            WEB_MUST_NOT_IMPORT_ERROR_CATALOGUE,
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_MUST_NOT_IMPORT_WEB] }] },
  },
  {
    // The shop serves what the database and media folder hold; demo data only seeds them.
    files: ['src/server/modules/**', 'src/server/http/**', 'src/server/app.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SERVER_MUST_NOT_IMPORT_WEB,
            {
              group: ['**/db/seed/**'],
              message: 'production code must not import seed code (ADR 014).',
            },
          ],
        },
      ],
    },
  },
  {
    // Inside the server: routes → services → repositories/adapters; services take plain
    // values, never HTTP; route files export their registration only (design/style.md).
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { layers },
    rules: { 'layers/server-layers': 'error', 'layers/route-exports': 'error' },
  },
  {
    // Inside the web app: features do not import each other; app/ composes them and
    // shared/ holds what more than one needs (ADR 009). Tests may borrow another
    // feature's fixtures (its testing/ folder): they describe API replies, not features.
    files: ['src/web/**/*.ts', 'src/web/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/testing.ts', '**/testing.tsx'],
    plugins: { layers },
    rules: { 'layers/web-features': 'error' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'src/server/testing/**', 'bench/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
