import { mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import type { Engine } from '../db/engine';
import type { Logger } from '../lib/logger';
import { backupPostgres } from './postgres';
import { backupSqlite } from './sqlite';

/** Backup files are named by engine and time, so that names sort by age. */
const BACKUP_NAME = /^blockspin-(sqlite|postgres)-\d{8}T\d{6}Z(-\d+)?\.(sqlite|jsonl\.gz)$/;

export interface BackupSettings {
  backupDir: string;
  /** How many backups to keep in backupDir; older ones are deleted after each new one. */
  backupKeep: number;
}

function fileName(engine: Engine['name'], now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `blockspin-${engine}-${stamp}.${engine === 'sqlite' ? 'sqlite' : 'jsonl.gz'}`;
}

/** The backups in `dir`, newest first. */
export function listBackups(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .reverse()
    .map((name) => path.join(dir, name));
}

/**
 * Writes a snapshot of the database (and its photos) into `backupDir` under a new name, then keeps only the newest
 * `backupKeep`. Written under a temporary name and renamed when complete, so a backup in the folder is always whole.
 */
export async function takeBackup(
  engine: Engine,
  dataDir: string,
  settings: BackupSettings,
  { now = new Date(), pagesPerStep }: { now?: Date; pagesPerStep?: number } = {},
): Promise<string> {
  mkdirSync(settings.backupDir, { recursive: true });
  let name = fileName(engine.name, now);
  for (let n = 1; listBackups(settings.backupDir).some((file) => path.basename(file) === name); n++) {
    name = fileName(engine.name, now).replace(/(\.sqlite|\.jsonl\.gz)$/, `-${n}$1`);
  }
  const file = path.join(settings.backupDir, name);
  const partial = `${file}.partial`;
  try {
    if (engine.sqlite) await backupSqlite(engine.sqlite, dataDir, partial, pagesPerStep);
    else await backupPostgres(engine.pool!, partial);
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  for (const old of listBackups(settings.backupDir).slice(Math.max(1, settings.backupKeep))) rmSync(old, { force: true });
  return file;
}

/** The time and the timer the schedule runs on: the system's, or a test's that it moves itself (no sleeps). */
export interface BackupClock {
  now(): number;
  /** Runs `run` once, `ms` from now; answers a handle for clearTimeout. Must not keep the process alive. */
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

const SYSTEM_CLOCK: BackupClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
};

/**
 * Takes a backup every `intervalMs`: the next one is due `intervalMs` after the newest in the folder (so restarts do
 * not postpone it forever), and within an hour of start when there is none yet. `exclusive` lets one process of
 * several do it. A backup's file is dated when it began (its name and its modification time), on `clock`. Answers a
 * stop function.
 */
export function scheduleBackups(
  engine: Engine,
  dataDir: string,
  settings: BackupSettings & { intervalMs: number },
  logger: Logger,
  exclusive: (run: () => Promise<string>) => Promise<string | null>,
  clock: BackupClock = SYSTEM_CLOCK,
): () => void {
  let timer: unknown = null;
  let stopped = false;
  const plan = (atLeastMs = 0) => {
    if (stopped) return;
    const newest = listBackups(settings.backupDir)[0];
    const due = newest ? statSync(newest).mtimeMs + settings.intervalMs : clock.now() + Math.min(settings.intervalMs, 3_600_000);
    // setTimeout holds 32-bit milliseconds (~24.8 days): a later time is reached in steps.
    timer = clock.setTimeout(run, Math.min(2 ** 31 - 1, Math.max(atLeastMs, due - clock.now())));
  };
  const run = async () => {
    const newest = listBackups(settings.backupDir)[0];
    if (!newest || clock.now() >= statSync(newest).mtimeMs + settings.intervalMs - 1_000) {
      try {
        const began = clock.now();
        const file = await exclusive(() => takeBackup(engine, dataDir, settings, { now: new Date(began) }));
        if (file) {
          utimesSync(file, began / 1000, began / 1000);
          logger.info({ file }, 'backup written');
        }
      } catch (error) {
        logger.error({ err: error }, 'the backup failed');
      }
    }
    // Not again within a minute, whatever happened (a failure, or another process holding the turn).
    plan(60_000);
  };
  plan();
  return () => {
    stopped = true;
    if (timer) clock.clearTimeout(timer);
  };
}
