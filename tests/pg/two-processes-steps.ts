import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { Client } from '../api/helpers';
import type { Process } from '../support/server-process';

// The steps of two-processes.test.ts: the processes' clocks, and the ports a process holds.

// Each process's clock is moved by the test (POST /api/test/clock), and an 'Immediately' promise falls due after 30
// minutes of it: a promise is missed when the test says so, never because the machine was slow.
export const CLOCKED = { TEST_CLOCK: 'true', IMMEDIATE_WINDOW_MINUTES: '30' };
export const HOUR = 60 * 60 * 1000;

/** Moves one process's clock on by `ms`. */
export async function advance(proc: Process, ms: number) {
  const answer = await new Client(proc.url).post('/api/test/clock', { advanceMs: ms });
  if (answer.status !== 200) throw new Error(`clock: ${answer.status}`);
}

/**
 * The TCP ports a process listens on and the UDP ports it holds: the sockets of /proc/net/{tcp,tcp6,udp,udp6} (TCP in
 * state 0A, LISTEN) whose inode is one of the process's open file descriptors.
 */
export function portsOf(pid: number): { tcp: number[]; udp: number[] } {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // closed meanwhile
    }
  }
  const found = { tcp: [] as number[], udp: [] as number[] };
  for (const [table, kind] of [
    ['tcp', 'tcp'],
    ['tcp6', 'tcp'],
    ['udp', 'udp'],
    ['udp6', 'udp'],
  ] as const) {
    const file = `/proc/${pid}/net/${table}`;
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').trim().split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      const [local, state, inode] = [columns[1], columns[3], columns[9]];
      if (!inodes.has(inode) || (kind === 'tcp' && state !== '0A')) continue;
      found[kind].push(parseInt(local.split(':').at(-1)!, 16));
    }
  }
  return found;
}
