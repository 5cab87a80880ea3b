import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { start, type RunningServer } from '../../server/start';
import type { Config } from '../../server/config';
import { freshDatabase } from './postgres';

export const SUPER_ADMIN = { username: 'admin', password: 'super-admin-password-1' } as const;

export interface TestServer extends RunningServer {
  dataDir: string;
  /** The PostgreSQL database it runs on, when the suite runs against PostgreSQL; else it uses SQLite in dataDir. */
  databaseUrl?: string;
  /** Stops the server and deletes its data folder (and its database). */
  close(): Promise<void>;
}

/** Whether this run tests the server on PostgreSQL (the api-pg project) rather than on SQLite. */
export const onPostgres = () => process.env.BLOCKSPIN_TEST_ENGINE === 'postgres';

/**
 * Starts the real server on port 0 with a fresh SQLite file in a temp folder, or, in the api-pg project, with a fresh
 * database on the run's PostgreSQL.
 */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'blockspin-test-'));
  const database = onPostgres() && overrides.databaseUrl === undefined ? await freshDatabase(inject('postgresUrl')) : null;
  const server = await start({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    superAdminUsername: SUPER_ADMIN.username,
    superAdminPassword: SUPER_ADMIN.password,
    logLevel: (process.env.TEST_LOG_LEVEL as Config['logLevel'] | undefined) ?? 'silent',
    staticDir: null,
    rateLimit: false,
    // Admins sign in with a password alone unless a test asks for the second factor (adminSecondFactor: 'required').
    adminSecondFactor: 'optional',
    ...(database ? { databaseUrl: database.url } : {}),
    ...overrides,
  });
  return {
    ...server,
    dataDir,
    databaseUrl: database?.url ?? overrides.databaseUrl,
    async close() {
      await server.stop();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
