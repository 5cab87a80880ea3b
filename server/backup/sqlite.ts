import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Db } from '../db/connection';
import { STORED_IMAGE_NAME } from '../modules/images/store';

/** The table a SQLite backup carries its photos in (removed again by the restore). */
const PHOTOS_TABLE = 'backup_photos';
const DATABASE_FILE = 'blockspin.sqlite';
/** The Web Push key pair generated into DATA_DIR when none is configured: every subscription is bound to it. */
const VAPID_FILE = 'vapid-keys.json';

/**
 * A consistent snapshot of the SQLite database, with the photos, in one file: better-sqlite3's online backup (the
 * server keeps writing meanwhile; a write through the same connection is copied along, one through another makes SQLite
 * start the copy again, so `pagesPerStep` large finishes in one step), then every stored photo of DATA_DIR/images
 * added to the copy as rows of `backup_photos` (with the generated Web Push keys, when DATA_DIR holds them). Photos are read after the snapshot: each record in it names a photo
 * that was written before its row was committed, so it is on disk (an upload cut off by a crash may add an unnamed one).
 */
export async function backupSqlite(db: Db, dataDir: string, file: string, pagesPerStep = 1_000): Promise<{ photos: number }> {
  await db.backup(file, { progress: () => pagesPerStep });
  const copy = new Database(file);
  try {
    copy.pragma('journal_mode = DELETE');
    copy.exec(`CREATE TABLE ${PHOTOS_TABLE} (name TEXT PRIMARY KEY, bytes BLOB NOT NULL)`);
    const insert = copy.prepare(`INSERT INTO ${PHOTOS_TABLE} (name, bytes) VALUES (?, ?)`);
    const dir = path.join(dataDir, 'images');
    let names: string[] = [];
    try {
      names = readdirSync(dir).filter((name) => STORED_IMAGE_NAME.test(name));
    } catch {
      // no photo stored yet
    }
    let photos = 0;
    const addAll = copy.transaction(() => {
      for (const name of names) {
        let bytes: Buffer;
        try {
          bytes = readFileSync(path.join(dir, name));
        } catch {
          continue; // swept meanwhile: no record of the snapshot names it
        }
        insert.run(name, bytes);
        photos += 1;
      }
    });
    addAll();
    try {
      insert.run(VAPID_FILE, readFileSync(path.join(dataDir, VAPID_FILE)));
    } catch {
      // keys configured by environment (or none made yet)
    }
    return { photos };
  } finally {
    copy.close();
  }
}

/** Whether a file is a SQLite database (its 16-byte header). */
export function isSqliteFile(header: Buffer): boolean {
  return header.subarray(0, 16).toString('latin1') === 'SQLite format 3\0';
}

/** Puts a SQLite backup into DATA_DIR: the database file, and its photos back under images/. */
export function restoreSqlite(file: string, dataDir: string): { photos: number } {
  mkdirSync(path.join(dataDir, 'images'), { recursive: true });
  const target = path.join(dataDir, DATABASE_FILE);
  copyFileSync(file, target);
  const db = new Database(target);
  try {
    const rows = db.prepare(`SELECT name, bytes FROM ${PHOTOS_TABLE}`).iterate() as IterableIterator<{ name: string; bytes: Buffer }>;
    let photos = 0;
    for (const { name, bytes } of rows) {
      if (name === VAPID_FILE) {
        writeFileSync(path.join(dataDir, VAPID_FILE), bytes, { mode: 0o600 });
        continue;
      }
      if (!STORED_IMAGE_NAME.test(name)) continue; // only names the store itself makes: never a path
      writeFileSync(path.join(dataDir, 'images', name), bytes);
      photos += 1;
    }
    db.exec(`DROP TABLE ${PHOTOS_TABLE}`);
    db.exec('VACUUM');
    return { photos };
  } finally {
    db.close();
  }
}
