import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

/**
 * The import direction, as docs/decisions/075-content-is-shared-data.md states it: app -> features -> ui, lib,
 * domain, content; src -> machines; machines -> domain; server -> domain. src/content is pure typed data that every
 * layer but src/domain may read. No feature imports another; nothing imports app; domain imports nothing.
 */

/** Every folder under src/features is a feature, so a new one is guarded the day it is created. */
const features = readdirSync(join(import.meta.dirname, 'src', 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const layerZones = [
  {
    target: './src/domain',
    from: ['./src/app', './src/features', './src/ui', './src/lib', './src/content', './machines', './server'],
    message: 'src/domain is pure: it imports nothing of the project.',
  },
  {
    target: './src/content',
    from: ['./src/app', './src/features', './src/ui', './src/lib', './machines', './server'],
    message: 'src/content is data: it may use src/domain only.',
  },
  {
    target: './src/ui',
    from: ['./src/app', './src/features', './src/lib', './server'],
    message: 'src/ui is presentational: no app, features, adapters or server.',
  },
  {
    target: './src/lib',
    from: ['./src/app', './src/features', './src/ui', './server'],
    message: 'src/lib adapters do not depend on views.',
  },
  { target: './src/features', from: ['./src/app', './server'], message: 'Features never import the app shell or the server.' },
  {
    target: './machines',
    from: ['./src/app', './src/features', './src/ui', './src/lib', './server'],
    message: "machines/ are pure statecharts: only src/domain (and src/content's data).",
  },
  {
    target: './server',
    from: ['./src/app', './src/features', './src/ui', './src/lib', './machines'],
    message: "server/ shares only src/domain and src/content's data with the browser.",
  },
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'No feature imports another feature: move what they share to src/ui, src/lib, src/domain or src/content.',
  })),
];

/** Node's own modules by bare name (subpaths such as fs/promises are caught by the `(/|$)` below). */
const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_') && !name.includes('/'));

/** machines/ are statecharts that run the same in the browser and in tests: views and effects come from outside. */
const machineImports = {
  patterns: [
    {
      regex: '^(react|react-dom|@xstate/react)(/|$)',
      message: 'machines/ render nothing: React and @xstate/react belong in src/features.',
    },
    {
      regex: '^(firebase|firebase-admin)(/|$)',
      message: 'machines/ call no services: effects are supplied with .provide() from src/features or src/lib.',
    },
    { regex: '^express(/|$)', message: 'machines/ know nothing of the server.' },
    { regex: `^(node:|(${nodeBuiltins.join('|')})(/|$))`, message: 'machines/ run in the browser too: no Node built-ins.' },
  ],
};

const machineGlobals = ['window', 'document', 'localStorage', 'sessionStorage', 'fetch', 'navigator'].map((name) => ({
  name,
  message: `machines/ touch no browser API: an effect supplied with .provide() uses ${name}.`,
}));

export default tseslint.config(
  {
    ignores: [
      'dist',
      '.site-build',
      '.react-router',
      'node_modules',
      'coverage',
      'playwright-report',
      'test-results',
      '.data',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', machineImports],
      'no-restricted-globals': ['error', ...machineGlobals],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?![./]|zod/mini$)', message: 'src/domain is plain rules and types: zod/mini is its only package (decision 155).' },
          ],
        },
      ],
    },
  },
  {
    // The browser's code validates with zod/mini: classic zod's chainable API would add about 30 kB to every funnel.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/domain/**', 'src/content/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'zod', message: 'Use zod/mini in the browser (decision 155).' }] }],
    },
  },
  {
    files: ['src/content/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?![./])', message: 'src/content is plain typed data: no packages.' }] }],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
