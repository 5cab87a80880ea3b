import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SUPER_ADMIN = { username: 'admin', password: 'bench-super-admin-pw' } as const;

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface Child {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

// Two minutes by default (BENCH_START_TIMEOUT_MS to change it): on a loaded 2-core machine (load average 30 seen)
// tsx alone takes 20–30 s to start the server.
async function waitForHealth(url: string, timeoutMs = Number(process.env.BENCH_START_TIMEOUT_MS ?? 120_000)): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error(`server at ${url} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts a TypeScript entry in its own Node process (so load generator and server don't share a core's event loop). */
export async function startNode(entry: string, env: Record<string, string> = {}, { serveStatic = false } = {}): Promise<Child> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'blockspin-bench-'));
  // BENCH_NODE_ARGS (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof') profiles the servers under test.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(ROOT, entry)], {
    cwd: ROOT,
    stdio: ['ignore', process.env.BENCH_STDOUT ? 'inherit' : 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SUPER_ADMIN_USERNAME: SUPER_ADMIN.username,
      SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
      LOG_LEVEL: 'silent',
      RATE_LIMIT: 'false',
      ADMIN_SECOND_FACTOR: 'optional',
      SERVE_STATIC: serveStatic ? 'true' : 'false',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url);
  return {
    url,
    port,
    dataDir,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts our real server. */
export function startOurServer(options: { serveStatic?: boolean } = {}): Promise<Child> {
  return startNode('server/index.ts', {}, options);
}
