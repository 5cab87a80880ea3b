import { open, type FileHandle } from 'node:fs/promises';
import type { RequestHandler } from 'express';
import type { Logger } from '../lib/logger';
import { statement, type Db } from './connection';

/**
 * Group commit. The connection runs `synchronous = NORMAL`: a commit writes its WAL frames without waiting for
 * the disk, which took ~0.26 ms of blocked event loop per write (29% of a POST in the profile). Before anybody is told
 * about a write — its HTTP answer, its socket message — `flush()` fdatasyncs the WAL on libuv's thread pool. A flush
 * asked for while a sync is running waits for the next sync, so every acknowledged commit was on disk before its
 * acknowledgement, exactly as with `synchronous = FULL`; concurrent writes share one sync, and the main thread never
 * waits for the disk. A crash of the process alone loses nothing either way (the OS has the pages).
 */
export interface Durability {
  /** Resolves once every commit made before the call is on disk. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface DurabilityOptions {
  /** Syncs the file; replaceable in tests. */
  sync?: (handle: FileHandle) => Promise<void>;
}

export function createDurability(db: Db, options: DurabilityOptions = {}): Durability {
  const walPath = `${db.name}-wal`;
  const sync = options.sync ?? ((handle: FileHandle) => handle.datasync());
  // Rows changed by this connection so far: when it hasn't moved since the last sync began, there is nothing to sync.
  const changes = statement<[], number>(db, 'SELECT total_changes()').pluck();
  let handle: Promise<FileHandle> | null = null;
  let syncedUpTo = -1;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  function run(): Promise<void> {
    queued = null;
    const upTo = changes.get()!;
    const current = (async () => {
      try {
        handle ??= open(walPath, 'r');
        await sync(await handle);
        syncedUpTo = Math.max(syncedUpTo, upTo);
      } catch (error) {
        // Reopen next time (the WAL file may have been replaced); whoever waits on this sync gets the error.
        const stale = handle;
        handle = null;
        stale?.then((h) => h.close()).catch(() => {});
        throw error;
      }
    })().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  }

  return {
    flush() {
      if (queued) return queued;
      if (running) return (queued = running.then(run, run));
      if (changes.get()! <= syncedUpTo) return Promise.resolve();
      return run();
    },
    async close() {
      await Promise.allSettled([queued, running]);
      const open = handle;
      handle = null;
      await open?.then((h) => h.close()).catch(() => {});
    },
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Holds back the answer to every state-changing call until `flush()` says its writes are on disk. If the disk fails,
 * the call answers 503 instead (its Idempotency-Key makes the client's retry safe) and the error is logged.
 */
export function answerWhenDurable(durability: Durability, logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    res.end = ((...args: unknown[]) => {
      durability.flush().then(
        () => end(...args),
        (error: unknown) => {
          logger.error({ err: error, requestId: req.id }, 'the database could not be synced to disk');
          if (res.headersSent) return end(...args);
          for (const name of ['content-length', 'content-encoding', 'etag', 'set-cookie', 'location']) res.removeHeader(name);
          res.statusCode = 503;
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('Cache-Control', 'no-store');
          end(JSON.stringify({ message: 'The server could not save this. Please try again.' }));
        },
      );
      return res;
    }) as typeof res.end;
    next();
  };
}
