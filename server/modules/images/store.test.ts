import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProcessedImage } from './process';
import { createImageStore } from './store';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const store = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'image-store-'));
  dirs.push(dir);
  return createImageStore(dir);
};
const PHOTO: ProcessedImage = { image: Buffer.from('image'), thumbnail: Buffer.from('thumb') };

describe('the sweep of unnamed photos', () => {
  it('when a photo is saved but its record is not committed yet, then the sweep keeps it; once settled, an unnamed one goes', async () => {
    const images = store();
    const files = await images.save(PHOTO);
    expect(await images.sweepOrphans(async () => false, 0, Date.now() + 1000)).toEqual([]);
    images.settle(files);
    expect((await images.sweepOrphans(async () => false, 0, Date.now() + 1000)).sort()).toEqual(
      [files.imageFile, files.thumbnailFile].sort(),
    );
  });

  it('when a settled photo is named by a record, then the sweep keeps it', async () => {
    const images = store();
    const files = await images.save(PHOTO);
    images.settle(files);
    expect(
      await images.sweepOrphans(async (file) => file === files.imageFile || file === files.thumbnailFile, 0, Date.now() + 1000),
    ).toEqual([]);
  });
});
