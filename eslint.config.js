import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const web = 'apps/web/src';
// Every folder of features/ is one feature (a new one is covered without touching this file).
const features = readdirSync(`${import.meta.dirname}/${web}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Imports resolve as the bundler and tsx do: Node's resolution with TypeScript's extensions, and in the
// web app `@/` is src/ (as apps/web/tsconfig.json's paths and vite.config.ts's alias say).
const importSettings = {
  // The files the import rules read to follow imports (by default only .js), and never the packages'
  // (import/no-cycle would parse every ES module of node_modules: most of its time).
  'import/extensions': ['.ts', '.tsx', '.js'],
  'import/ignore': ['node_modules'],
  'import/resolver': {
    [`${import.meta.dirname}/scripts/eslint-import-resolver-alias.cjs`]: {
      alias: { '@': `${import.meta.dirname}/${web}` },
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-prod/**',
      'apps/web/public/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'data/**',
      'apps/server/drizzle/**',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // CommonJS files (the import resolver in scripts/) load with require().
  {
    files: ['**/*.cjs'],
    languageOptions: { globals: { require: 'readonly', module: 'writable', exports: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // No import cycles in the source trees (a cycle makes a module's value depend on which file loads first).
  {
    files: [`${web}/**/*.{ts,tsx}`, 'apps/server/src/**/*.ts', 'packages/shared/src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: importSettings,
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // The Rules of Hooks, complete effect dependencies and the React Compiler's checks (no ref read
  // during render, no prop mutated, no setState straight in an effect, no impure call in render...):
  // the whole recommended set, every rule an error (its warnings too: a warning is soon one of many).
  {
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: reactHooks.configs.flat.recommended.plugins,
    rules: Object.fromEntries(Object.keys(reactHooks.configs.flat.recommended.rules).map((rule) => [rule, 'error'])),
  },
  // The web app's boundaries (as bulletproof-react): a feature never imports another feature;
  // shared code (components, lib, config, locales, testing) never imports features or the app;
  // features never import the app. Routes and layouts in app/ compose.
  {
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { import: importPlugin },
    settings: importSettings,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message: "Use `Link` or `NavLink` from '@/components/link' (React Router's cost ~25 hooks a link).",
            },
          ],
          patterns: [
            { regex: '^(\\.\\./){2,}', message: 'Import from `@/` (src/) rather than climbing two or more folders.' },
          ],
        },
      ],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./${web}/features/${feature}`,
              from: `./${web}/features`,
              except: [`./${feature}`],
              message:
                'A feature never imports another feature: compose them in app/ or move the shared piece to components/ or lib/.',
            })),
            { target: `./${web}/features`, from: `./${web}/app`, message: 'Features never import app/.' },
            {
              target: [
                `./${web}/components`,
                `./${web}/lib`,
                `./${web}/config`,
                `./${web}/locales`,
                `./${web}/testing`,
              ],
              from: [`./${web}/features`, `./${web}/app`],
              message: 'Shared code never imports features or app/.',
            },
          ],
        },
      ],
    },
  },
);
