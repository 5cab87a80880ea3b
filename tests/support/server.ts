import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { start, type RunningServer } from '../../server/start';
import type { Config } from '../../server/config';

export const SUPER_ADMIN = { username: 'admin', password: 'super-admin-password-1' } as const;

export interface TestServer extends RunningServer {
  dataDir: string;
  /** Stops the server and deletes its data folder. */
  close(): Promise<void>;
}

/** Starts the real server on port 0 with a fresh SQLite file in a temp folder. */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'blockspin-test-'));
  const server = await start({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    superAdminUsername: SUPER_ADMIN.username,
    superAdminPassword: SUPER_ADMIN.password,
    logLevel: 'silent',
    staticDir: null,
    rateLimit: false,
    ...overrides,
  });
  return {
    ...server,
    dataDir,
    async close() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
