// The rules the review found by hand, made mechanical. Imports flow one way — shared code (src/components, src/lib,
// src/domain) → features → the app and its routes — and no feature imports another: what two features share moves to
// shared code, and a screen that needs two features composes them in src/routes. The server reads the shared domain
// (src/domain) and nothing else of the client; the domain reads nothing but itself. On the server, server/lib is the
// leaf every module builds on: it imports no module (the modules import it), and no two files import each other.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { i18nLint } from './eslint.i18n.js';

// Every folder of src/features, read from the disk: a new feature is guarded from its first file (inbox was not).
const FEATURES = readdirSync(path.join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const zones = [
  // No feature → another feature.
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message:
      'A feature does not import another feature: move what they share to src/components, src/lib or src/domain, or compose them in src/routes.',
  })),
  // Features → never the app or its routes.
  {
    target: './src/features',
    from: ['./src/app', './src/routes', './src/main.tsx'],
    message: 'Features are composed by src/routes and src/app, never the other way round.',
  },
  // Shared code → never features, routes or the app.
  {
    target: ['./src/components', './src/lib', './src/domain'],
    from: ['./src/features', './src/routes', './src/app', './src/main.tsx'],
    message: 'Shared code is used by features and routes; it does not import them.',
  },
  // The domain is shared with the server: it imports nothing else.
  {
    target: './src/domain',
    from: ['./src/components', './src/lib', './server'],
    message: 'src/domain is shared with the server: it imports only itself and libraries.',
  },
  // The server reads only the domain of the client.
  {
    target: './server',
    from: './src',
    except: ['./domain'],
    message: 'The server shares only src/domain with the client.',
  },
  // The client never reaches into the server.
  { target: './src', from: './server', message: 'The client does not import server code; shared rules live in src/domain.' },
  // server/lib is what every module builds on: it imports no module and not the app's wiring (the database handle's
  // type is allowed: the health check reads the database).
  {
    target: './server/lib',
    from: [
      './server/modules',
      './server/realtime',
      './server/backup',
      './server/app.ts',
      './server/wiring',
      './server/start.ts',
      './server/index.ts',
      './server/config.ts',
    ],
    message:
      'server/lib imports no module: move the code into the module that owns it, or let the module pass what lib needs (as app.ts passes serveApp its session check).',
  },
];

export default tseslint.config(
  // Scratch files (*.tmp.*) are ignored by git too.
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**', 'src/routeTree.gen.ts', 'bench/baseline/**', '**/*.tmp.*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: {
      // "@/…" resolves through tsconfig.base.json's paths, so the zones and the cycle rule see aliased imports too.
      'import/resolver': {
        typescript: { project: ['tsconfig.json', 'tsconfig.server.json', 'tsconfig.sw.json'], noWarnOnMultipleProjects: true },
        node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
      },
      // import/no-cycle follows imports by parsing the files they name: TypeScript ones too.
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones }],
      // Two files that import each other (directly or round a loop) have no order to read or load them in. Type-only
      // imports are not counted: they vanish at run time.
      'import/no-cycle': ['error', { ignoreExternal: true }],
      // Unused names fail the type check already; these are the cases it lets through on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Money is Cents from the API's edge to the screen (issue 48.1): the dollar-float helpers it replaced stay gone.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/domain/money', '@/domain/money', './money', '**/i18n/intl', '@/lib/i18n/intl', './intl'],
              importNames: ['formatUsd', 'formatUsdPrecise', 'roundCents', 'parsePrice', 'displayUsd'],
              message:
                'Money is Cents: read it with the schemas of src/domain/schemas/money.ts, write it with formatCents or displayCents.',
            },
          ],
        },
      ],
    },
  },
  { files: ['src/**/*.{ts,tsx}'], rules: { 'react-hooks/rules-of-hooks': 'error' } },
  // No raw text in the JSX of the screens that read the message catalogues (issue 50; eslint.i18n.js lists the folders).
  i18nLint,
  // Tests and benchmarks read JSON answers and reports whose shape their assertions check.
  { files: ['tests/**', 'bench/**', '**/*.test.{ts,tsx}'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // Scripts that run in Node as plain JavaScript.
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
  { files: ['bench/**', 'scripts/**', 'server/**', 'tests/api/**', 'tests/support/**'], languageOptions: { globals: globals.node } },
);
