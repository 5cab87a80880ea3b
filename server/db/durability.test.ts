import express from 'express';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from './connection';
import { answerWhenDurable, createDurability, type Durability } from './durability';

let dir: string;
let db: Db;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'durability-'));
  db = new Database(path.join(dir, 'test.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const write = () => db.prepare('INSERT INTO t (v) VALUES (?)').run('x');

/** A sync the test finishes by hand, recording which file it was asked to sync. */
function manualSync() {
  const calls: { fd: number; finish: (error?: Error) => void }[] = [];
  const sync = (handle: FileHandle) =>
    new Promise<void>((resolve, reject) => calls.push({ fd: handle.fd, finish: (error) => (error ? reject(error) : resolve()) }));
  return { calls, sync };
}

/**
 * Until the durability has asked for `n` syncs (it opens the WAL file first, on libuv's thread pool: how long that takes
 * depends on the machine's load, so the test waits for the call itself, never for a fixed time).
 */
const syncsAsked = (calls: unknown[], n: number) => vi.waitFor(() => expect(calls).toHaveLength(n));
/** Lets the promise callbacks queued so far run (a settled sync's waiters), without waiting on the clock. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createDurability', () => {
  it('when a write is committed, then flush syncs the WAL file for real and resolves', async () => {
    const durability = createDurability(db);
    write();
    await expect(durability.flush()).resolves.toBeUndefined();
    await durability.close();
  });

  it('when nothing was written since the last sync, then flush resolves without syncing', async () => {
    const { calls, sync } = manualSync();
    const durability = createDurability(db, { sync });
    write();
    const first = durability.flush();
    await syncsAsked(calls, 1);
    calls[0].finish();
    await first;
    await durability.flush();
    expect(calls).toHaveLength(1);
    write();
    const again = durability.flush();
    await syncsAsked(calls, 2);
    calls[1].finish();
    await again;
    await durability.close();
  });

  it('when a write lands while a sync runs, then its flush waits for the next sync, which every waiting flush shares', async () => {
    const { calls, sync } = manualSync();
    const durability = createDurability(db, { sync });
    write();
    let firstDone = false;
    let laterDone = 0;
    durability.flush().then(() => (firstDone = true));
    await syncsAsked(calls, 1);

    write();
    durability.flush().then(() => laterDone++);
    write();
    durability.flush().then(() => laterDone++);
    calls[0].finish();
    await vi.waitFor(() => expect(firstDone).toBe(true));
    // The first sync may have started before these two writes: they are not acknowledged by it.
    await syncsAsked(calls, 2);
    await settle();
    expect(laterDone).toBe(0);
    calls[1].finish();
    await vi.waitFor(() => expect(laterDone).toBe(2));
    expect(calls).toHaveLength(2);
    await durability.close();
  });

  it('when the disk fails, then the flush rejects and the next one reopens the WAL and tries again', async () => {
    const { calls, sync } = manualSync();
    const durability = createDurability(db, { sync });
    write();
    const failing = durability.flush();
    await syncsAsked(calls, 1);
    calls[0].finish(new Error('EIO'));
    await expect(failing).rejects.toThrow('EIO');
    const retry = durability.flush();
    await syncsAsked(calls, 2);
    calls[1].finish();
    await expect(retry).resolves.toBeUndefined();
    await durability.close();
  });
});

describe('answerWhenDurable', () => {
  async function serve(durability: Durability) {
    const app = express();
    app.use(answerWhenDurable(durability, pino({ level: 'silent' })));
    app.all('/thing', (_req, res) => {
      res.status(201).json({ saved: true });
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/thing`, close: () => server.close() };
  }

  /** A flush the test settles by hand; `asked` resolves once the middleware has asked for it (the call has run). */
  function gate() {
    let open!: () => void;
    let fail!: (error: Error) => void;
    let reached!: () => void;
    const promise = new Promise<void>((resolve, reject) => ((open = resolve), (fail = reject)));
    const asked = new Promise<void>((resolve) => (reached = resolve));
    const flush = () => {
      reached();
      return promise;
    };
    return { flush, close: async () => {}, open, fail, asked };
  }

  it('when a POST has run, then its answer waits until the flush resolves', async () => {
    const durability = gate();
    const { url, close } = await serve(durability);
    let answered = false;
    const response = fetch(url, { method: 'POST' }).then((res) => ((answered = true), res));
    await durability.asked;
    await settle();
    expect(answered).toBe(false);
    durability.open();
    const res = await response;
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ saved: true });
    close();
  });

  it('when the flush fails, then the call answers 503 with a message to try again', async () => {
    const durability = gate();
    const { url, close } = await serve(durability);
    const response = fetch(url, { method: 'PATCH' });
    await durability.asked;
    durability.fail(new Error('EIO'));
    const res = await response;
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'The server could not save this. Please try again.' });
    close();
  });

  it('when the call is a GET, then it answers at once', async () => {
    const durability = gate();
    const { url, close } = await serve(durability);
    const res = await fetch(url);
    expect(res.status).toBe(201);
    close();
  });
});
