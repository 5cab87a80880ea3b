import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Test files running at once, in every project; the same count everywhere, so one `vitest run` (npm test) runs every
 * project in one pool. One by default: two at a time (TEST_WORKERS=2) was quicker for API files but starved browser
 * files on 2 cores (a fresh clone's run took 30 min with four browser tests failing on timing). README.md (Tests).
 */
const WORKERS = Number(process.env.TEST_WORKERS ?? 1);

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
