// CPU time of processes read from /proc (Linux): the servers under test, and a PostgreSQL server with its backends.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100;

interface Stat {
  ppid: number;
  /** utime + stime, in ticks. */
  own: number;
  /** cutime + cstime: the CPU of children it has waited for (a PostgreSQL backend, once its connection closed). */
  reaped: number;
}

function stat(pid: number): Stat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // gone
  }
  // The command name is in parentheses and may contain spaces: the fields start after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): ppid is field 4, utime..cstime fields 14..17.
  return { ppid: Number(fields[1]), own: Number(fields[11]) + Number(fields[12]), reaped: Number(fields[13]) + Number(fields[14]) };
}

const pids = () =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

/** CPU milliseconds these processes have used so far (their own, not their children's). */
export function processCpuMs(processIds: number[]): number {
  return (processIds.reduce((sum, pid) => sum + (stat(pid)?.own ?? 0), 0) * 1000) / TICKS_PER_SECOND;
}

/** The postmaster of the PostgreSQL whose data folder is `dataDir` (found by its command line). */
export function findPostmaster(dataDir: string): number {
  for (const pid of pids()) {
    let cmdline: string[];
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    const at = cmdline.indexOf('-D');
    if (at >= 0 && cmdline[at + 1] === dataDir && /postgres$/.test(cmdline[0])) return pid;
  }
  throw new Error(`no postgres process serves ${dataDir}`);
}

/**
 * CPU milliseconds a PostgreSQL server has used so far: the postmaster, its live children (backends, WAL writer,
 * checkpointer...) and the children it has already reaped, so a backend that ends between two readings still counts.
 */
export function postgresCpuMs(postmaster: number): number {
  const root = stat(postmaster);
  if (!root) throw new Error(`postgres ${postmaster} is gone`);
  let ticks = root.own + root.reaped;
  for (const pid of pids()) {
    const child = pid === postmaster ? null : stat(pid);
    if (child?.ppid === postmaster) ticks += child.own;
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
