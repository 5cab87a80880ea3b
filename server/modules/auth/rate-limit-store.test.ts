import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Options } from 'express-rate-limit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/connection';
import { sqliteEngine } from '../../db/sqlite';
import { migrate } from '../../db/migrate';
import { databaseRateLimitStore } from './rate-limit-store';

const cleanups: Array<() => void> = [];
afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  vi.useRealTimers();
});

function engine() {
  const dir = mkdtempSync(path.join(tmpdir(), 'rate-limit-'));
  const db = openDatabase(dir);
  migrate(db);
  cleanups.push(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return sqliteEngine(db);
}

describe('the database rate-limit store', () => {
  it('when two stores (two processes) count the same key, then they share one counter and one window, and a reset clears it', async () => {
    const { tx } = engine();
    const a = databaseRateLimitStore(tx, 'login');
    const b = databaseRateLimitStore(tx, 'login');
    a.init?.({ windowMs: 60_000 } as Options);
    b.init?.({ windowMs: 60_000 } as Options);
    const first = await a.increment('1.2.3.4');
    expect(first.totalHits).toBe(1);
    expect((await b.increment('1.2.3.4')).totalHits).toBe(2);
    const third = await a.increment('1.2.3.4');
    expect(third.totalHits).toBe(3);
    expect(third.resetTime?.getTime()).toBe(first.resetTime?.getTime());
    await b.decrement('1.2.3.4');
    expect((await a.increment('1.2.3.4')).totalHits).toBe(3);
    // Another limiter's name never shares the key.
    expect((await databaseRateLimitStore(tx, 'signup').increment('1.2.3.4')).totalHits).toBe(1);
    await b.resetKey('1.2.3.4');
    expect((await a.increment('1.2.3.4')).totalHits).toBe(1);
  });

  it('when the window has passed, then counting starts again at one with a new window', async () => {
    const { tx } = engine();
    const store = databaseRateLimitStore(tx, 'login');
    store.init?.({ windowMs: 1_000 } as Options);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    await store.increment('k');
    expect((await store.increment('k')).totalHits).toBe(2);
    vi.setSystemTime(new Date('2030-01-01T00:00:01.001Z'));
    const fresh = await store.increment('k');
    expect(fresh.totalHits).toBe(1);
    expect(fresh.resetTime?.toISOString()).toBe('2030-01-01T00:00:02.001Z');
  });
});
