import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { eventually, type openSocket } from '../api/helpers';
import { freshDatabase } from './postgres';
import { SUPER_ADMIN, type TestServer } from './server';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Process {
  child: ChildProcess;
  url: string;
  dataDir: string;
  logs: Array<Record<string, unknown>>;
}

/** Starts `node server/index.ts` as its own OS process on the shared database; resolves with its URL once it listens. */
export function startProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<Process> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'blockspin-proc-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/index.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SERVE_STATIC: 'false',
      LOG_LEVEL: 'info',
      RATE_LIMIT: 'true',
      ADMIN_SECOND_FACTOR: 'optional',
      SUPER_ADMIN_USERNAME: SUPER_ADMIN.username,
      SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
      // 'Immediately' promises fall due after 1.2 s, and both processes look for missed ones every 50 ms.
      IMMEDIATE_WINDOW_MINUTES: '0.02',
      PROMISE_GRACE_MINUTES: '0',
      PROMISE_CHECK_INTERVAL_MS: '50',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Array<Record<string, unknown>> = [];
  return new Promise((resolve, reject) => {
    let buffered = '';
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.stdout!.on('data', (chunk) => {
      buffered += chunk;
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        try {
          const entry = JSON.parse(line) as Record<string, unknown>;
          logs.push(entry);
          if (entry.msg === 'listening') resolve({ child, url: String(entry.url), dataDir, logs });
        } catch {
          // not a log line
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${stderr}`)));
  });
}

export async function stopProcess(proc: Process) {
  // A child killed by a signal has no exit code, and its exit has already been reported.
  if (proc.child.exitCode === null && proc.child.signalCode === null) {
    const exited = new Promise((resolve) => proc.child.once('exit', resolve));
    proc.child.kill('SIGTERM');
    await exited;
  }
  rmSync(proc.dataDir, { recursive: true, force: true });
}

export const asServer = (proc: Process) => ({ url: proc.url }) as TestServer;

/**
 * Two processes on a fresh database of the run's PostgreSQL, started before the file's (or describe's) tests and
 * stopped after them, the database dropped. What it answers stands for the running ones, read when used (so `a.url` in
 * a test reads the process `beforeAll` started).
 */
export function useProcessPair(env: Record<string, string> = {}) {
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let a: Process | undefined;
  let b: Process | undefined;
  beforeAll(async () => {
    database = await freshDatabase(inject('postgresUrl'));
    // One after the other: the first applies the migrations (the second would wait on their lock anyway). Each start
    // loads the server through tsx: half a minute apiece on a loaded 2-core machine, hence the longer hook.
    a = await startProcess(database.url, env);
    b = await startProcess(database.url, env);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a, b].filter((proc) => proc !== undefined).map(stopProcess));
    await database?.drop();
  });
  return { a: late(() => a, 'process a'), b: late(() => b, 'process b'), database: late(() => database, 'the database') };
}

/** Stands for the value `read` answers once it is set (in a beforeAll). */
function late<T extends object>(read: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get: (_target, key) => {
      const value = read();
      if (!value) throw new Error(`${what} starts in beforeAll`);
      return Reflect.get(value, key);
    },
  });
}

type Socket = Awaited<ReturnType<typeof openSocket>>;
type Message = Socket['messages'][number];

/** The first message on the socket that matches, waiting for it as `eventually` does. */
export async function nextMessage(socket: Socket, matches: (message: Message) => boolean): Promise<Message> {
  await eventually(() => socket.messages.some(matches));
  return socket.messages.find(matches)!;
}

export async function waitFor(check: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
