import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ChildServer {
  child: ChildProcess;
  url: string;
  /** Resolves once the process has exited (by itself or by a signal). */
  exited: Promise<void>;
}

/** Runs the real entry point (server/index.ts) as a child process on `dataDir`; resolves with its URL once it listens. */
export function startChildServer(dataDir: string, env: Record<string, string> = {}): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/index.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SUPER_ADMIN_PASSWORD: 'child-admin-pass',
      LOG_LEVEL: 'info',
      SERVE_STATIC: 'false',
      RATE_LIMIT: 'false',
      ADMIN_SECOND_FACTOR: 'optional',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      try {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.msg === 'listening' && entry.url) resolve({ child, url: entry.url, exited });
      } catch {
        // not a log line
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited early with ${code}`)));
  });
}

/** Stops a child server for good (SIGKILL) and waits for it. */
export async function killChild(server: ChildServer): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}
