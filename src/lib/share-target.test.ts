import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetSharedPhoto, isForeignShare, keepSharedPhoto, peekSharedPhoto, SHARE_FILE_FIELD, SHARE_TARGET_PATH } from './share-target';
import { deleteTestDb } from '../test/idb';

afterEach(async () => {
  await deleteTestDb();
});

const manifest = JSON.parse(readFileSync(new URL('../../manifest.webmanifest', import.meta.url), 'utf8'));

describe('the manifest', () => {
  it('when read, then its share target posts multipart images to the path and field the worker handles', () => {
    expect(manifest.share_target).toEqual({
      action: SHARE_TARGET_PATH,
      method: 'POST',
      enctype: 'multipart/form-data',
      params: expect.objectContaining({ files: [expect.objectContaining({ name: SHARE_FILE_FIELD })] }),
    });
    const accepted = manifest.share_target.params.files[0].accept as string[];
    expect(accepted).toContain('image/*');
    expect(accepted.every((type) => type.startsWith('image/'))).toBe(true);
  });

  it('when read, then its shortcuts are Sell, My requests and Admin Control, each inside the scope with an icon', () => {
    const shortcuts = manifest.shortcuts as Array<{
      name: string;
      short_name: string;
      url: string;
      icons: Array<{ src: string; sizes: string }>;
    }>;
    expect(shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Sell an item', '/sell'],
      ['My requests', '/my-activity'],
      ['Admin Control', '/admin'],
    ]);
    for (const shortcut of shortcuts) {
      expect(shortcut.short_name.length).toBeLessThanOrEqual(12);
      expect(shortcut.url.startsWith(manifest.scope)).toBe(true);
      expect(shortcut.icons[0]).toMatchObject({ src: '/icons/icon-192.png', sizes: '192x192' });
    }
  });
});

describe('the shared photo', () => {
  const form = (...entries: Array<[string, string | File]>) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return data;
  };

  it('when a share has an image, then it is kept until the page forgets it', async () => {
    const png = new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], 'shot.png', { type: 'image/png' });
    expect(await keepSharedPhoto(form(['title', 'x'], [SHARE_FILE_FIELD, png]), new Date('2026-11-25T12:00:00Z'))).toBe(true);
    const kept = await peekSharedPhoto();
    expect(kept).toMatchObject({ name: 'shot.png', sharedAt: '2026-11-25T12:00:00.000Z' });
    expect(kept!.blob.size).toBe(7);
    expect(kept!.blob.type).toBe('image/png');
    // Still there for a second look (a page that closed before attaching it).
    expect(await peekSharedPhoto()).not.toBeNull();
    await forgetSharedPhoto();
    expect(await peekSharedPhoto()).toBeNull();
  });

  it('when a share has no image (text, or a file of another type), then nothing is kept', async () => {
    const text = new File(['hello'], 'note.txt', { type: 'text/plain' });
    expect(await keepSharedPhoto(form(['text', 'hello'], [SHARE_FILE_FIELD, text]))).toBe(false);
    expect(await peekSharedPhoto()).toBeNull();
  });

  it('when a newer share comes before Sell took the first, then the newer one waits', async () => {
    const image = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg' });
    await keepSharedPhoto(form([SHARE_FILE_FIELD, image('first.jpg')]));
    await keepSharedPhoto(form([SHARE_FILE_FIELD, image('second.jpg')]));
    expect((await peekSharedPhoto())?.name).toBe('second.jpg');
  });
});

describe('isForeignShare (issue 45.9)', () => {
  const own = 'https://market.example';

  it('when the Origin is this app, then it is a share, whoever opened it', () => {
    expect(isForeignShare({ origin: own, referrer: `${own}/sell` }, own, 'this-app')).toBe(false);
  });

  it('when the Origin names another site, then it is refused', () => {
    expect(isForeignShare({ origin: 'https://evil.example', referrer: 'https://evil.example/' }, own, 'other')).toBe(true);
    expect(isForeignShare({ origin: 'http://market.example', referrer: '' }, own, 'none')).toBe(true);
  });

  it('when the Origin is hidden (null or absent), then the share sheet (no page behind it) and our own pages pass', () => {
    expect(isForeignShare({ origin: 'null', referrer: '' }, own, 'none')).toBe(false);
    expect(isForeignShare({ origin: null, referrer: '' }, own, 'none')).toBe(false);
    expect(isForeignShare({ origin: 'null', referrer: '' }, own, 'this-app')).toBe(false);
  });

  it("when the Origin is hidden but another site's page is behind it, or its referrer is another site, then it is refused", () => {
    expect(isForeignShare({ origin: 'null', referrer: '' }, own, 'other')).toBe(true);
    expect(isForeignShare({ origin: null, referrer: 'https://evil.example/page' }, own, 'none')).toBe(true);
  });
});
