import { startEmbeddedPostgres } from './embedded-postgres';
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
 */
export default async function setup(project: TestProject) {
  const postgres = await startEmbeddedPostgres('blockspin-pg-');
  project.provide('postgresUrl', postgres.url);
  return postgres.stop;
}
