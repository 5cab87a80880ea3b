import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually, type openSocket } from '../api/helpers';
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
