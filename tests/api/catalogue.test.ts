import { describe, expect, it } from 'vitest';
import { jpegDataUrl, useServerWithCast } from './helpers';
import { buy, catalogue, editWith, item } from './catalogue-steps';

// Issue 49 (DESIGN.md §14): the catalogue in the database, on both engines (this file runs in `api` and `api-pg`):
// reading it, who may change what, photos, stale edits, hidden and archived items. Prices and stock are in
// catalogue-stock.test.ts; history, CSV and the socket note in catalogue-history.test.ts.
const { cast } = useServerWithCast();
const edit = editWith(() => cast.superAdmin);

describe('GET /api/catalogue', () => {
  it('answers the seeded catalogue to anyone signed in: the ids and the specification prices kept', async () => {
    expect((await cast.anonymous.get('/api/catalogue')).status).toBe(401);
    const { items, version } = await catalogue(cast.alice);
    expect(version).toBeGreaterThanOrEqual(1);
    expect(items.find((entry) => entry.id === 'gun-ak-47')).toMatchObject({
      name: 'AK-47',
      price: 18,
      sellPrice: 18,
      status: 'active',
      stock: null,
    });
    expect(items.find((entry) => entry.id === 'ammo-pistol-ammo')).toMatchObject({ price: 0.03, sellPrice: 0.06 });
    expect(items.find((entry) => entry.id === 'farming-regular-pot')).toMatchObject({ price: null, sellPrice: null, inShop: false });
    expect(items.find((entry) => entry.id === 'melee-machette')).toMatchObject({ name: 'Machete' });
    expect(items.length).toBeGreaterThan(60);
  });

  it('answers 304 to If-None-Match with the same ETag, and a new ETag after a change', async () => {
    const first = await cast.alice.get('/api/catalogue');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"catalogue-\d+-active"$/);
    const again = await cast.alice.get('/api/catalogue', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    // An admin's answer holds every item: its ETag differs from a player's.
    expect((await cast.admin.get('/api/catalogue')).headers.get('etag')).not.toBe(etag);
    expect((await edit(cast.superAdmin, 'melee-wrench', { stock: 40 })).status).toBe(200);
    const after = await cast.alice.get('/api/catalogue', { 'If-None-Match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.body.version).toBeGreaterThan(first.body.version);
  });
});

describe('who may change what', () => {
  it('refuses players; admins change only stock and status; the super admin anything', async () => {
    const { version } = await item(cast.superAdmin, 'melee-crowbar');
    const path = '/api/admin/catalogue/items/melee-crowbar';
    expect((await cast.anonymous.patch(path, { stock: 1, reason: 'x', expectedVersion: version })).status).toBe(401);
    expect((await cast.alice.patch(path, { stock: 1, reason: 'x', expectedVersion: version })).status).toBe(403);

    const priced = await cast.admin.patch(path, { price: 3, reason: 'demand', expectedVersion: version });
    expect(priced.status).toBe(403);
    expect(priced.body.message).toMatch(/only an item's stock and status/);

    const stocked = await cast.admin.patch(path, { stock: 12, status: 'active', reason: 'counted the crate', expectedVersion: version });
    expect(stocked.status).toBe(200);
    expect(stocked.body).toMatchObject({ stock: 12, version: version + 1 });

    const repriced = await cast.superAdmin.patch(path, { price: 2.5, sellPrice: 2.25, reason: 'demand', expectedVersion: version + 1 });
    expect(repriced.status).toBe(200);
    expect(repriced.body).toMatchObject({ price: 2.5, sellPrice: 2.25, stock: 12, version: version + 2 });
  });

  it('needs a reason, and names every bad field', async () => {
    const { version } = await item(cast.superAdmin, 'melee-crowbar');
    const answer = await cast.superAdmin.patch('/api/admin/catalogue/items/melee-crowbar', {
      price: -1,
      stock: 1.5,
      reason: ' ',
      expectedVersion: version,
    });
    expect(answer.status).toBe(400);
    const paths = (answer.body.issues as Array<{ path: string }>).map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['price', 'stock', 'reason']));
    expect(
      (await cast.superAdmin.patch('/api/admin/catalogue/items/no-such-item', { stock: 1, reason: 'x', expectedVersion: 1 })).status,
    ).toBe(404);
  });

  it('lets only the super admin add an item, with a photo every player may see', async () => {
    const body = {
      name: 'M4',
      category: 'Weapons',
      subcategory: 'guns',
      price: 21,
      sellPrice: 20,
      stock: 3,
      reason: 'new gun in the game',
    };
    expect((await cast.admin.post('/api/admin/catalogue/items', body)).status).toBe(403);
    const created = await cast.superAdmin.post(
      '/api/admin/catalogue/items',
      { ...body, photo: await jpegDataUrl(800, 600) },
      { 'Idempotency-Key': 'add-m4' },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 'weapons-m4', name: 'M4', price: 21, stock: 3, status: 'active', version: 1 });
    expect(created.body.imageUrl).toMatch(/^\/api\/images\/[a-f0-9]{32}\.jpg$/);
    // The same key answers the same item and adds nothing.
    const replay = await cast.superAdmin.post(
      '/api/admin/catalogue/items',
      { ...body, photo: await jpegDataUrl(800, 600) },
      { 'Idempotency-Key': 'add-m4' },
    );
    expect(replay.body.id).toBe('weapons-m4');
    expect((await catalogue(cast.alice)).items.filter((entry) => entry.name === 'M4')).toHaveLength(1);
    const photo = await cast.bob.get(created.body.imageUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    // The same name in the same category is refused.
    const twin = await cast.superAdmin.post('/api/admin/catalogue/items', { ...body, name: 'm4' });
    expect(twin.status).toBe(409);
    expect(twin.body.message).toMatch(/Weapons already has an item named 'M4'/);
  });
});

describe('photos', () => {
  it('lets the super admin set and remove an item photo; an admin may not', async () => {
    const photo = await jpegDataUrl(2000, 1500);
    const { version } = await item(cast.superAdmin, 'melee-wrench');
    const path = '/api/admin/catalogue/items/melee-wrench';
    expect((await cast.admin.patch(path, { photo, reason: 'x', expectedVersion: version })).status).toBe(403);
    const set = await cast.superAdmin.patch(path, { photo, reason: 'a real photo', expectedVersion: version });
    expect(set.status).toBe(200);
    expect(set.body.imageUrl).toMatch(/^\/api\/images\/[a-f0-9]{32}\.jpg$/);
    expect(set.body.thumbnailUrl).toMatch(/^\/api\/images\/[a-f0-9]{32}-thumb\.jpg$/);
    expect((await cast.alice.get(set.body.imageUrl)).status).toBe(200);
    const history = await cast.admin.get(`${path}/history`);
    expect(history.body[0]).toMatchObject({ field: 'photo', from: null, to: set.body.imageUrl, reason: 'a real photo' });
    const removed = await cast.superAdmin.patch(path, { photo: null, reason: 'wrong photo', expectedVersion: version + 1 });
    expect(removed.status).toBe(200);
    expect(removed.body.imageUrl).toBeNull();
    // A photo no item names any more is not served.
    expect((await cast.alice.get(set.body.imageUrl)).status).toBe(404);
  });

  it('refuses a file that is not an image', async () => {
    const { version } = await item(cast.superAdmin, 'melee-wrench');
    const answer = await cast.superAdmin.patch('/api/admin/catalogue/items/melee-wrench', {
      photo: `data:image/jpeg;base64,${Buffer.from('not a picture at all').toString('base64')}`,
      reason: 'x',
      expectedVersion: version,
    });
    expect(answer.status).toBe(415);
    expect((await item(cast.superAdmin, 'melee-wrench')).version).toBe(version);
  });
});

describe('stale edits', () => {
  it('answers 409 naming who changed the item and when, and changes nothing', async () => {
    const { version } = await item(cast.superAdmin, 'melee-axe');
    const first = await cast.admin.patch('/api/admin/catalogue/items/melee-axe', {
      stock: 0,
      reason: 'sold out at the drop',
      expectedVersion: version,
    });
    expect(first.status).toBe(200);
    const late = await cast.superAdmin.patch('/api/admin/catalogue/items/melee-axe', {
      stock: 9,
      reason: 'restock',
      expectedVersion: version,
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/^Axe was changed by carol at .+ since you opened it/);
    expect(late.body.current).toMatchObject({ version: version + 1, actorName: 'carol' });
    expect(Date.parse(late.body.current.at)).not.toBeNaN();
    expect(late.body.item).toMatchObject({ id: 'melee-axe', stock: 0 });
    expect((await item(cast.superAdmin, 'melee-axe')).stock).toBe(0);
  });

  it('replays an edit sent twice with the same Idempotency-Key once (an offline "sold out")', async () => {
    const { version } = await item(cast.superAdmin, 'melee-shovel');
    const body = { stock: 0, reason: 'sold out', expectedVersion: version };
    const headers = { 'Idempotency-Key': 'sold-out-shovel' };
    const first = await cast.admin.patch('/api/admin/catalogue/items/melee-shovel', body, headers);
    const second = await cast.admin.patch('/api/admin/catalogue/items/melee-shovel', body, headers);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect((await item(cast.superAdmin, 'melee-shovel')).version).toBe(version + 1);
  });
});

describe('hidden and archived items', () => {
  it('are not shown to players nor sold; admins still see them', async () => {
    expect((await edit(cast.superAdmin, 'gun-draco', { status: 'hidden' })).status).toBe(200);
    expect((await catalogue(cast.alice)).items.some((entry) => entry.id === 'gun-draco')).toBe(false);
    expect((await catalogue(cast.admin)).items.find((entry) => entry.id === 'gun-draco')?.status).toBe('hidden');
    const refused = await buy(cast.alice, [{ name: 'Draco', category: 'Weapons', quantity: 1 }], 11);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Draco is no longer sold.');
    expect(refused.body.unavailable).toEqual([
      { id: 'gun-draco', name: 'Draco', category: 'Weapons', status: 'hidden', available: 0, requested: 1 },
    ]);
    expect((await cast.alice.get('/api/catalogue/items/gun-draco/prices')).status).toBe(404);
    expect((await edit(cast.superAdmin, 'gun-draco', { status: 'archived' })).status).toBe(200);
    expect((await buy(cast.alice, [{ name: 'draco', category: 'weapons', quantity: 1 }], 11)).status).toBe(409);
  });
});
