import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Test files running at once, in every project. Vitest's default on a 2-core machine is one (cores - 1), which left a
 * core idle while a test waited on its server, its database or its browser. Every project has the same count, so one
 * `vitest run` (npm test) runs them all in one pool: a browser file beside an API file beside a component file. Each
 * file has its own server on port 0, its own data folder or database and its own browser, so none sees another's.
 * TEST_WORKERS sets another count (1 reproduces the old one-file-at-a-time run). Measured in README.md (Tests).
 */
const WORKERS = Number(process.env.TEST_WORKERS ?? 2);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          maxWorkers: WORKERS,
          include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'dom',
          maxWorkers: WORKERS,
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup-dom.ts'],
          // A screen's first lazy load transforms its modules on demand, which takes seconds on a busy machine.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api',
          maxWorkers: WORKERS,
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The same API suite with every test server on its own database of one embedded PostgreSQL.
          name: 'api-pg',
          maxWorkers: WORKERS,
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          env: { BLOCKSPIN_TEST_ENGINE: 'postgres' },
          globalSetup: ['./tests/support/postgres-global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The server's storage on PostgreSQL, against one embedded PostgreSQL started for the run.
          name: 'pg',
          maxWorkers: WORKERS,
          include: ['tests/pg/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./tests/support/postgres-global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          maxWorkers: WORKERS,
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // The core journey on WebKitGTK and on Firefox ESR (docs/ENGINES.md); each file is one browser.
          name: 'engines',
          maxWorkers: WORKERS,
          include: ['tests/engines/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
