import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { TEST_LIMITS } from './tests/support/limits';

/** "@/…" is src/… in every project, as in the build (tsconfig.base.json's paths). */
const resolve = { alias: { '@': path.resolve(import.meta.dirname, 'src') } };

/**
 * Test files running at once, per group (`sequence.groupOrder`; vitest wants one worker count per group):
 * - group 0, the projects without a browser (unit, dom, api, api-pg, pg): TEST_WORKERS files at once, two by default —
 *   their files wait on sockets, timers and PostgreSQL much of the time, so two share 2 cores well;
 * - group 1, the browser projects (e2e, engines): BROWSER_TEST_WORKERS at once, one by default — two browser files at
 *   once starved each other on 2 cores (a fresh clone's run took 30 min with four browser tests failing on timing).
 * `npm test` runs the groups side by side, group 0 at a lower CPU priority, when the machine is free, and one after the
 * other in one `vitest run` when it is busy (scripts/test.mjs; README.md, Tests).
 */
const WORKERS = Number(process.env.TEST_WORKERS ?? 2);
const BROWSER_WORKERS = Number(process.env.BROWSER_TEST_WORKERS ?? 1);
/** `expect.poll`'s limit in every project (tests/support/limits.ts). */
const expectations = { poll: { timeout: TEST_LIMITS.pollTimeout } };
const SERVER_SIDE = { maxWorkers: WORKERS, sequence: { groupOrder: 0 }, expect: expectations };
/**
 * A browser test that fails is run once more (`retry`): on a loaded machine a page can miss a wait for reasons outside
 * the test (README.md, Tests). A real fault fails both tries; one that passed only on the retry is listed at the end
 * of the run (tests/support/flaky-reporter.ts) and its first failure is printed with what its pages showed.
 */
const BROWSER = { maxWorkers: BROWSER_WORKERS, sequence: { groupOrder: 1 }, expect: expectations, retry: 1 };

/**
 * The API files run in workers that keep their modules from one file to the next (`isolate: false`): each file
 * imported the server (Express, Kysely, the drivers, sharp) anew, 188 s of a 270 s run of the `api` project. A file's
 * state is its own server, data folder and database, closed in its afterAll; the server's clock is put back after each
 * file (tests/support/reset-clock.ts). The one file that mocks a module runs isolated, in `api-isolated`.
 */
const MOCKS_A_MODULE = 'tests/api/password-budget.test.ts';

/** An API project: its files on one engine, sharing modules (or, `-isolated`, the one that mocks a module). */
function apiProject(name: string, engine: 'sqlite' | 'postgres') {
  const isolated = name.endsWith('-isolated');
  return {
    resolve,
    test: {
      name,
      ...SERVER_SIDE,
      include: isolated ? [MOCKS_A_MODULE] : ['tests/api/**/*.test.ts'],
      exclude: isolated ? [] : [MOCKS_A_MODULE],
      environment: 'node',
      ...(isolated ? {} : { isolate: false, setupFiles: ['./tests/support/reset-clock.ts'] }),
      ...(engine === 'postgres' ? { env: { BLOCKSPIN_TEST_ENGINE: 'postgres' }, globalSetup: ['./tests/support/postgres-global.ts'] } : {}),
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  test: {
    reporters: ['default', './tests/support/flaky-reporter.ts'],
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          ...SERVER_SIDE,
          include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/support/**/*.test.ts'],
          environment: 'node',
          // Worker threads, not processes: the same 709 tests took a fifth less CPU (user+sys 63 s against 81 s,
          // measured side by side on a loaded machine).
          pool: 'threads',
          // The property tests run hundreds of cases: 5 s was not enough on a loaded machine.
          testTimeout: 15_000,
        },
      },
      {
        // The charts' uPlot draws nothing in jsdom (src/test/uplot-stand-in.ts).
        resolve: {
          alias: [
            { find: '@', replacement: resolve.alias['@'] },
            { find: /^uplot$/, replacement: path.resolve(import.meta.dirname, 'src/test/uplot-stand-in.ts') },
          ],
        },
        plugins: [react(), lingui()],
        test: {
          name: 'dom',
          ...SERVER_SIDE,
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup-dom.ts'],
          // A screen's first lazy load transforms its modules on demand, which takes seconds on a busy machine.
          testTimeout: 15_000,
        },
      },
      apiProject('api', 'sqlite'),
      apiProject('api-isolated', 'sqlite'),
      // The same API suite with every test server on its own database of one embedded PostgreSQL.
      apiProject('api-pg', 'postgres'),
      apiProject('api-pg-isolated', 'postgres'),
      {
        resolve,
        test: {
          // The server's storage on PostgreSQL, against one embedded PostgreSQL started for the run.
          name: 'pg',
          ...SERVER_SIDE,
          include: ['tests/pg/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./tests/support/postgres-global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          name: 'e2e',
          ...BROWSER,
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // One Chromium for the whole project; each file connects to it (tests/support/browser-global.ts).
          globalSetup: ['./tests/support/browser-global.ts'],
          // A failed test's message ends with what each of its pages showed (tests/support/failure-witness.ts), and the
          // file's limits stretch with the machine's load (tests/support/patience.ts).
          setupFiles: ['./tests/support/e2e-setup.ts'],
          // The files run one after another in one worker that loads the server, playwright and axe once: each file
          // spent ~3 s (quiet) to ~20 s (loaded) importing them again. A file's state is its own server, data folder
          // and browser contexts, all closed in its afterAll; no e2e file mocks a module or stubs a global.
          isolate: false,
          // No test over 60 s (issue 34.6): a longer journey is split (admin-screens is one test per screen). On a
          // loaded machine the setup file stretches both limits (tests/support/patience.ts).
          testTimeout: TEST_LIMITS.testTimeout,
          hookTimeout: TEST_LIMITS.hookTimeout,
        },
      },
      {
        resolve,
        test: {
          // The core journey on WebKitGTK and on Firefox ESR (docs/ENGINES.md); each file is one browser.
          name: 'engines',
          ...BROWSER,
          include: ['tests/engines/**/*.test.ts'],
          environment: 'node',
          // Each file is one journey whose steps build on each other (signed up, then a purchase, then offline): a
          // step tried again finds the state its first try left, so it is not retried.
          retry: 0,
          // The file's limits stretch with the machine's load (tests/support/patience.ts).
          setupFiles: ['./tests/support/engines-setup.ts'],
          testTimeout: TEST_LIMITS.testTimeout,
          hookTimeout: TEST_LIMITS.hookTimeout,
        },
      },
    ],
  },
});
