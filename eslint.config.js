import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * Import direction (DESIGN.md §3): app -> features -> ui, lib, domain, content; src -> machines;
 * machines -> domain; server -> domain. No feature imports another; nothing imports app; domain imports nothing.
 */
const features = ['about', 'apps', 'auth', 'case-studies', 'contact', 'dashboard', 'help', 'home', 'how-it-works',
  'legal', 'not-found', 'payment', 'pricing', 'quiz', 'report', 'chat'];

const layerZones = [
  { target: './src/domain', from: ['./src/app', './src/features', './src/ui', './src/lib', './src/content', './machines', './server'], message: 'src/domain is pure: it imports nothing of the project.' },
  { target: './src/content', from: ['./src/app', './src/features', './src/ui', './src/lib', './machines', './server'], message: 'src/content is data: it may use src/domain only.' },
  { target: './src/ui', from: ['./src/app', './src/features', './src/lib', './server'], message: 'src/ui is presentational: no app, features, adapters or server.' },
  { target: './src/lib', from: ['./src/app', './src/features', './src/ui', './server'], message: 'src/lib adapters do not depend on views.' },
  { target: './src/features', from: ['./src/app', './server'], message: 'Features never import the app shell or the server.' },
  { target: './machines', from: ['./src/app', './src/features', './src/ui', './src/lib', './src/content', './server'], message: 'machines/ are pure statecharts: only src/domain.' },
  { target: './server', from: ['./src/app', './src/features', './src/ui', './src/lib', './src/content', './machines'], message: 'server/ shares only src/domain with the browser.' },
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'No feature imports another feature: move what they share to src/ui, src/lib, src/domain or src/content.',
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'playwright-report', 'test-results', '.data', 'server/db/migrations'] },
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
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
