import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from './connection';
import { readCache } from './read-cache';

let dir: string;
let db: Db;
let reads = 0;
const list = () => {
  reads++;
  return JSON.stringify(db.prepare('SELECT v FROM t ORDER BY id').pluck().all());
};

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'read-cache-'));
  db = new Database(path.join(dir, 'test.sqlite'));
  db.pragma('journal_mode = WAL');
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t (v) VALUES ('a')");
  reads = 0;
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('readCache', async () => {
  it('when nothing changed, then the second read is the cached text', async () => {
    const cache = readCache(db);
    expect(await cache.get('list', list)).toBe('["a"]');
    expect(await cache.get('list', list)).toBe('["a"]');
    expect(reads).toBe(1);
  });

  it('when any row is inserted, updated or deleted, then the next read is fresh', async () => {
    const cache = readCache(db);
    await cache.get('list', list);
    db.prepare("INSERT INTO t (v) VALUES ('b')").run();
    expect(await cache.get('list', list)).toBe('["a","b"]');
    db.prepare("UPDATE t SET v = 'c' WHERE v = 'b'").run();
    expect(await cache.get('list', list)).toBe('["a","c"]');
    db.prepare("DELETE FROM t WHERE v = 'a'").run();
    expect(await cache.get('list', list)).toBe('["c"]');
    expect(reads).toBe(4);
  });

  it('when another connection commits, then the next read is fresh', async () => {
    const cache = readCache(db);
    await cache.get('list', list);
    const other = new Database(path.join(dir, 'test.sqlite'));
    other.prepare("INSERT INTO t (v) VALUES ('z')").run();
    other.close();
    expect(await cache.get('list', list)).toBe('["a","z"]');
  });

  it('when read inside a transaction that is rolled back, then the rolled-back rows are never served', async () => {
    const cache = readCache(db);
    await cache.get('list', list);
    db.exec('BEGIN');
    db.prepare("INSERT INTO t (v) VALUES ('ghost')").run();
    expect(await cache.get('list', list)).toBe('["a","ghost"]');
    db.exec('ROLLBACK');
    expect(await cache.get('list', list)).toBe('["a"]');
  });

  it('when there are more keys than room, then the oldest is dropped first', async () => {
    const cache = readCache(db, 2);
    await cache.get('one', () => '1');
    await cache.get('two', () => '2');
    await cache.get('three', () => '3');
    expect(await cache.get('one', () => 'again')).toBe('again');
    expect(await cache.get('three', () => 'not read')).toBe('3');
  });

  it('when a write lands while a list is being read, then that text is not kept', async () => {
    const cache = readCache(db);
    const text = await cache.get('list', async () => {
      const before = list();
      db.prepare("INSERT INTO t (v) VALUES ('during')").run();
      return before;
    });
    expect(text).toBe('["a"]');
    expect(await cache.get('list', list)).toBe('["a","during"]');
  });
});
