import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/connection';
import { migrate } from '../db/migrate';
import { sqliteEngine } from '../db/sqlite';
import { createLogger } from '../lib/logger';
import { listBackups, scheduleBackups, type BackupClock } from './index';

const HOUR = 3_600_000;
const dirs: string[] = [];
const opened: Db[] = [];

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A clock the test moves itself: timers fire only when `fireNext` is called, at the time they were due. */
function testClock(start: number) {
  let time = start;
  const timers: Array<{ at: number; run: () => unknown }> = [];
  const isTimer = (timer: unknown): timer is (typeof timers)[number] => timers.includes(timer as (typeof timers)[number]);
  const clock: BackupClock = {
    now: () => time,
    setTimeout(run, ms) {
      const timer = { at: time + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimeout(timer) {
      if (isTimer(timer)) timers.splice(timers.indexOf(timer), 1);
    },
  };
  return {
    clock,
    pending: () => timers.map((timer) => timer.at - time),
    /** Moves the clock to the earliest timer and runs it to its end (the backup written, the next one planned). */
    async fireNext() {
      timers.sort((a, b) => a.at - b.at);
      const timer = timers.shift();
      if (!timer) throw new Error('no timer is pending');
      time = timer.at;
      await timer.run();
    },
  };
}

function setUp() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'backup-schedule-'));
  dirs.push(dataDir);
  const sqlite = openDatabase(dataDir);
  migrate(sqlite);
  opened.push(sqlite);
  return { dataDir, engine: sqliteEngine(sqlite), backupDir: path.join(dataDir, 'backups') };
}

const logger = createLogger('silent');
const alone = (run: () => Promise<string>) => run();

describe("the server's own backups", () => {
  it('when BACKUP_INTERVAL_HOURS passes again and again, then a backup is written each time and only the newest BACKUP_KEEP stay', async () => {
    const { dataDir, engine, backupDir } = setUp();
    const time = testClock(Date.parse('2026-11-26T00:00:00Z'));
    const settings = { backupDir, backupKeep: 3, intervalMs: 24 * HOUR };
    const stop = scheduleBackups(engine, dataDir, settings, logger, alone, time.clock);
    try {
      // None yet: the first is due within an hour of start.
      expect(time.pending()).toEqual([HOUR]);
      expect(listBackups(backupDir)).toEqual([]);
      await time.fireNext();
      expect(listBackups(backupDir).map((file) => path.basename(file))).toEqual(['blockspin-sqlite-20261126T010000Z.sqlite']);
      expect(time.pending()).toEqual([24 * HOUR]);
      for (let day = 2; day <= 5; day++) {
        await time.fireNext();
        expect(listBackups(backupDir)).toHaveLength(Math.min(day, 3));
      }
      expect(listBackups(backupDir).map((file) => path.basename(file))).toEqual([
        'blockspin-sqlite-20261130T010000Z.sqlite',
        'blockspin-sqlite-20261129T010000Z.sqlite',
        'blockspin-sqlite-20261128T010000Z.sqlite',
      ]);
    } finally {
      stop();
    }
    expect(time.pending()).toEqual([]);
  });

  it('when the server restarts between backups, then the next is due an interval after the newest, not postponed', async () => {
    const { dataDir, engine, backupDir } = setUp();
    const time = testClock(Date.parse('2026-11-26T00:00:00Z'));
    const settings = { backupDir, backupKeep: 7, intervalMs: 6 * HOUR };
    const first = scheduleBackups(engine, dataDir, settings, logger, alone, time.clock);
    await time.fireNext();
    first();
    // Up again five hours after that backup: one hour is left.
    const later = testClock(Date.parse('2026-11-26T06:00:00Z'));
    const second = scheduleBackups(engine, dataDir, settings, logger, alone, later.clock);
    try {
      expect(later.pending()).toEqual([HOUR]);
      await later.fireNext();
      expect(listBackups(backupDir)).toHaveLength(2);
    } finally {
      second();
    }
  });
});
