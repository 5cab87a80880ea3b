import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
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

/** Photos under DATA_DIR/images. */
export function createImageStore(dataDir: string) {
  const dir = path.join(dataDir, 'images');
  mkdirSync(dir, { recursive: true });
  const remove = (files: StoredFiles) => {
    rmSync(path.join(dir, files.imageFile), { force: true });
    rmSync(path.join(dir, files.thumbnailFile), { force: true });
  };
  return {
    dir,
    /** Writes both files before the database row that names them is committed; on a failure neither stays. */
    save(processed: ProcessedImage): StoredFiles {
      const name = randomBytes(16).toString('hex');
      const files = { imageFile: `${name}.jpg`, thumbnailFile: `${name}-thumb.jpg` };
      try {
        writeWhole(path.join(dir, files.imageFile), processed.image);
        writeWhole(path.join(dir, files.thumbnailFile), processed.thumbnail);
      } catch (error) {
        remove(files);
        throw error;
      }
      return files;
    },
    remove,
    pathOf: (file: string) => path.join(dir, file),
    /**
     * Deletes the files no record names (an upload cut off by a crash between writing its photo and committing its row)
     * and half-written temporary files, once they are older than `minAgeMs`, so an upload still in flight is never
     * touched. `isNamed` is asked per file; a file a record names is never deleted. Returns the names deleted.
     */
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
        if (stored && (await isNamed(file))) continue;
        rmSync(full, { force: true });
        deleted.push(file);
      }
      return deleted;
    },
  };
}
export type ImageStore = ReturnType<typeof createImageStore>;

/** The URL a stored file is answered as. */
export const imageUrl = (file: string | null) => (file ? `/api/images/${file}` : null);
