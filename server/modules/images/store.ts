import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Response } from 'express';
import type { Tx } from '../../db/scope';
import type { ProcessedImage } from './process';

/** Stored file names: random, so they cannot be guessed, and nothing else is ever served. */
export const STORED_IMAGE_NAME = /^[a-f0-9]{32}(-thumb)?\.jpg$/;
/** A file being written: renamed to its stored name only once it is whole and on disk. */
const PARTIAL_NAME = /^[a-f0-9]{32}(-thumb)?\.jpg\.partial-[a-f0-9]{8}$/;

export interface StoredFiles {
  imageFile: string;
  thumbnailFile: string;
}

/** Writes `data` under a temporary name, syncs it, then renames it: a reader never sees a partial file. */
function writeWhole(file: string, data: Buffer) {
  const partial = `${file}.partial-${randomBytes(4).toString('hex')}`;
  try {
    const fd = openSync(partial, 'w');
    try {
      let written = 0;
      while (written < data.length) written += writeSync(fd, data, written, data.length - written);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** Where stored photos live; every process of the server must see the same ones. */
export interface ImageStore {
  /** Stores both images before the database row that names them is committed; on a failure neither stays. */
  save(processed: ProcessedImage): Promise<StoredFiles>;
  remove(files: StoredFiles): Promise<void>;
  /** The record naming these files is committed (or they were removed): from now on the sweep judges them by it. */
  settle(files: StoredFiles): void;
  /** Answers a stored photo (cached for good: its name never changes), or calls `missing`. */
  send(res: Response, file: string, missing: () => void): Promise<void>;
  /**
   * Deletes the photos no record names (an upload cut off by a crash between storing its photo and committing its
   * row) once they are older than `minAgeMs`, so an upload still in flight is never touched. `isNamed` is asked per
   * photo; a photo a record names is never deleted. Returns the names deleted.
   */
  sweepOrphans(isNamed: (file: string) => Promise<boolean>, minAgeMs: number, now?: number): Promise<string[]>;
}

// The browser's HTTP cache is one per profile, whoever is signed in: a photo kept there for good was shown to the next
// player on the device without asking the server (issue 29.6). So the browser asks every time (the server checks who
// asks), and the service worker keeps photos per signed-in user for speed and offline use.
const PHOTO_HEADERS = { 'Content-Type': 'image/jpeg', 'Cache-Control': 'private, no-cache' };

/**
 * A stored photo's name is random and never written twice, so the name is its ETag: the browser's every-time ask
 * (after the route checked who asks) is answered 304 without the image when it holds this one already.
 */
function answeredFromCache(res: Response, file: string): boolean {
  const etag = `"${file}"`;
  res.set('ETag', etag);
  // Compared here rather than by `req.fresh`, which answers in full whenever the question carries `Cache-Control:
  // no-cache` — as every conditional fetch() does; that directive is for caches on the way, not for this server.
  const asked = res.req.headers['if-none-match'];
  if (!asked || !asked.split(',').some((tag) => [etag, '*'].includes(tag.trim().replace(/^W\//, '')))) return false;
  res.set('Cache-Control', PHOTO_HEADERS['Cache-Control']).status(304).end();
  return true;
}

/** Photos under DATA_DIR/images (one process, SQLite). */
export function createImageStore(dataDir: string): ImageStore {
  const dir = path.join(dataDir, 'images');
  mkdirSync(dir, { recursive: true });
  // Saved, but the record that names them is not committed yet: the sweep leaves them alone however young its limit.
  const unsettled = new Set<string>();
  const settle = (files: StoredFiles) => {
    unsettled.delete(files.imageFile);
    unsettled.delete(files.thumbnailFile);
  };
  const remove = (files: StoredFiles) => {
    settle(files);
    rmSync(path.join(dir, files.imageFile), { force: true });
    rmSync(path.join(dir, files.thumbnailFile), { force: true });
  };
  return {
    async save(processed: ProcessedImage): Promise<StoredFiles> {
      const name = randomBytes(16).toString('hex');
      const files = { imageFile: `${name}.jpg`, thumbnailFile: `${name}-thumb.jpg` };
      try {
        writeWhole(path.join(dir, files.imageFile), processed.image);
        writeWhole(path.join(dir, files.thumbnailFile), processed.thumbnail);
      } catch (error) {
        remove(files);
        throw error;
      }
      unsettled.add(files.imageFile);
      unsettled.add(files.thumbnailFile);
      return files;
    },
    remove: async (files) => remove(files),
    settle,
    async send(res, file, missing) {
      if (answeredFromCache(res, file)) return;
      res.sendFile(path.join(dir, file), { cacheControl: false, lastModified: false, headers: PHOTO_HEADERS }, (error) => {
        if (error && !res.headersSent) missing();
      });
    },
    // Half-written temporary files go too.
    async sweepOrphans(isNamed: (file: string) => Promise<boolean>, minAgeMs: number, now = Date.now()): Promise<string[]> {
      const deleted: string[] = [];
      for (const file of readdirSync(dir)) {
        const stored = STORED_IMAGE_NAME.test(file);
        if (!stored && !PARTIAL_NAME.test(file)) continue;
        const full = path.join(dir, file);
        let modified: number;
        try {
          modified = statSync(full).mtimeMs;
        } catch {
          continue; // removed meanwhile
        }
        if (now - modified < minAgeMs) continue;
        if (stored && (unsettled.has(file) || (await isNamed(file)))) continue;
        rmSync(full, { force: true });
        deleted.push(file);
      }
      return deleted;
    },
  };
}

/**
 * Photos in the database's stored_images table (PostgreSQL): every process serves every photo, under the same
 * access rules, and a backup of the database holds them too.
 */
export function createDatabaseImageStore(tx: Tx): ImageStore {
  const unsettled = new Set<string>();
  const settle = (files: StoredFiles) => {
    unsettled.delete(files.imageFile);
    unsettled.delete(files.thumbnailFile);
  };
  return {
    async save(processed) {
      const name = randomBytes(16).toString('hex');
      const files = { imageFile: `${name}.jpg`, thumbnailFile: `${name}-thumb.jpg` };
      const now = Date.now();
      // Both rows in one statement: there is never one without the other.
      await tx
        .kysely()
        .insertInto('stored_images')
        .values([
          { name: files.imageFile, content_type: 'image/jpeg', bytes: processed.image, created_at: now },
          { name: files.thumbnailFile, content_type: 'image/jpeg', bytes: processed.thumbnail, created_at: now },
        ])
        .execute();
      unsettled.add(files.imageFile);
      unsettled.add(files.thumbnailFile);
      return files;
    },
    async remove(files) {
      settle(files);
      await tx.kysely().deleteFrom('stored_images').where('name', 'in', [files.imageFile, files.thumbnailFile]).execute();
    },
    settle,
    async send(res, file, missing) {
      if (answeredFromCache(res, file)) return;
      const row = await tx
        .kysely()
        .selectFrom('stored_images')
        .select(['bytes', 'content_type'])
        .where('name', '=', file)
        .executeTakeFirst();
      if (!row) return missing();
      res.set({ ...PHOTO_HEADERS, 'Content-Type': row.content_type }).end(row.bytes);
    },
    async sweepOrphans(isNamed, minAgeMs, now = Date.now()) {
      const old = await tx
        .kysely()
        .selectFrom('stored_images')
        .select('name')
        .where('created_at', '<=', now - minAgeMs)
        .execute();
      const deleted: string[] = [];
      for (const { name } of old) {
        if (unsettled.has(name) || (await isNamed(name))) continue;
        await tx.kysely().deleteFrom('stored_images').where('name', '=', name).execute();
        deleted.push(name);
      }
      return deleted;
    },
  };
}

/** The URL a stored file is answered as. */
export const imageUrl = (file: string | null) => (file ? `/api/images/${file}` : null);
