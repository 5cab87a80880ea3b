import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync, openSync, fsyncSync, closeSync } from 'node:fs';
import path from 'node:path';
import type { ProcessedImage } from './process';

/** Stored file names: random, so they cannot be guessed, and nothing else is ever served. */
export const STORED_IMAGE_NAME = /^[a-f0-9]{32}(-thumb)?\.jpg$/;

export interface StoredFiles {
  imageFile: string;
  thumbnailFile: string;
}

function writeDurably(file: string, data: Buffer) {
  writeFileSync(file, data);
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Photos under DATA_DIR/images. */
export function createImageStore(dataDir: string) {
  const dir = path.join(dataDir, 'images');
  mkdirSync(dir, { recursive: true });
  return {
    dir,
    /** Writes both files before the database row that names them is committed. */
    save(processed: ProcessedImage): StoredFiles {
      const name = randomBytes(16).toString('hex');
      const files = { imageFile: `${name}.jpg`, thumbnailFile: `${name}-thumb.jpg` };
      writeDurably(path.join(dir, files.imageFile), processed.image);
      writeDurably(path.join(dir, files.thumbnailFile), processed.thumbnail);
      return files;
    },
    remove(files: StoredFiles) {
      rmSync(path.join(dir, files.imageFile), { force: true });
      rmSync(path.join(dir, files.thumbnailFile), { force: true });
    },
    pathOf: (file: string) => path.join(dir, file),
  };
}
export type ImageStore = ReturnType<typeof createImageStore>;

/** The URL a stored file is answered as. */
export const imageUrl = (file: string | null) => (file ? `/api/images/${file}` : null);
