import { describe, expect, it } from 'vitest';
import { CatalogueResponse } from '../../src/domain/schemas/catalogue';
import { eventually, jpegDataUrl, openSocket, queryDatabase, signUp, useServerWithCast, type Client } from './helpers';

// Issue 49 (DESIGN.md §14): the catalogue in the database, on both engines (this file runs in `api` and `api-pg`).
const { server, cast } = useServerWithCast();

type Item = {
  id: string;
  name: string;
  price: number | null;
  sellPrice: number | null;
  status: string;
  stock: number | null;
  version: number;
};

async function catalogue(client: Client): Promise<{ version: number; items: Item[] }> {
  const answer = await client.get('/api/catalogue');
  expect(answer.status).toBe(200);
  // The answer is the API's JSON (prices in USD): checked against the schema, then read as it was written.
  CatalogueResponse.parse(answer.body);
  return answer.body as { version: number; items: Item[] };
}

async function item(client: Client, id: string): Promise<Item> {
  const found = (await catalogue(client)).items.find((entry) => entry.id === id);
  if (!found) throw new Error(`${id} is not in the catalogue`);
  return found;
}

/** The super admin's edit of one item at its present version. */
async function edit(client: Client, id: string, change: Record<string, unknown>, reason = 'test') {
  const { version } = await item(cast.superAdmin, id);
  return await client.patch(`/api/admin/catalogue/items/${id}`, { ...change, reason, expectedVersion: version });
}

const buy = (client: Client, lines: Array<{ name: string; category: string; quantity: number }>, total: number) =>
  client.post('/api/purchase-requests', { items: lines, totalPrice: total });

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

describe('prices from the database', () => {
  it('prices the next purchase at the new price; the old total answers 409 with the new one', async () => {
    expect((await edit(cast.superAdmin, 'gun-glock', { price: 2.5 }, 'demand moved')).status).toBe(200);
    const stale = await buy(cast.alice, [{ name: 'Glock', category: 'Weapons', quantity: 2 }], 4);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: 'Prices have changed',
      totalPrice: 5,
      items: [{ name: 'Glock', category: 'Weapons', price: 2.5, quantity: 2 }],
    });
    const fresh = await buy(cast.alice, [{ name: 'Glock', category: 'Weapons', quantity: 2 }], 5);
    expect(fresh.status).toBe(201);
    expect(fresh.body.items[0].price).toBe('$2.50');
    expect(fresh.body.totalPrice).toBe(5);
  });

  it('never sells from a stale copy: an item bought, then repriced and hidden, is refused at the old price', async () => {
    // On PostgreSQL a purchase is priced from the catalogue its process last read (issue 46); the edits below make
    // that copy stale, and each later purchase must still be priced as the database says.
    const line = [{ name: 'Double Barrel', category: 'Weapons', quantity: 2 }];
    expect((await buy(cast.alice, line, 16)).status).toBe(201);
    expect((await buy(cast.bob, line, 16)).status).toBe(201);
    expect((await edit(cast.superAdmin, 'gun-double-barrel', { price: 9 }, 'demand moved')).status).toBe(200);
    const old = await buy(cast.alice, line, 16);
    expect(old.status).toBe(409);
    expect(old.body).toMatchObject({ message: 'Prices have changed', totalPrice: 18 });
    const repriced = await buy(cast.alice, line, 18);
    expect(repriced.status).toBe(201);
    expect(repriced.body.items[0].price).toBe('$9.00');
    expect((await edit(cast.superAdmin, 'gun-double-barrel', { status: 'hidden' })).status).toBe(200);
    const hidden = await buy(cast.bob, line, 18);
    expect(hidden.status).toBe(409);
    expect(hidden.body.message).toBe('Double Barrel is no longer sold.');
    expect((await edit(cast.superAdmin, 'gun-double-barrel', { status: 'active' })).status).toBe(200);
    expect((await buy(cast.bob, line, 18)).status).toBe(201);
  });

  it('values a sell from the database when a pickup is made', async () => {
    expect((await edit(cast.superAdmin, 'gun-uzi', { sellPrice: 40 }, 'valuation moved')).status).toBe(200);
    const submission = await cast.bob.post('/api/item-submissions', {
      ps5Name: 'UZI',
      robloxName: 'weapons',
      quantity: 1,
      hasMultipleQuantity: false,
      paymentMethod: 'usd',
    });
    expect(submission.status).toBe(201);
    const pickup = await cast.admin.post('/api/scheduled-pickups', {
      submissionId: submission.body.id,
      scheduledDate: 'Immediately',
      scheduledTime: '',
    });
    expect(pickup.status).toBe(201);
    // The promise's base is the payout: 15% of the database's $40.00 sell price, not the specification's $3.
    const [promise] = await queryDatabase<{ base_cents: number }>(
      server,
      "SELECT base_cents FROM promises WHERE subject_type = 'pickup' AND subject_id = ?",
      [pickup.body.id],
    );
    expect(Number(promise.base_cents)).toBe(600);
  });
});

describe('stock', () => {
  it('sells exactly what is left when 20 purchases race for the last 5', async () => {
    expect((await edit(cast.superAdmin, 'gun-m24', { stock: 5 })).status).toBe(200);
    const buyers = [cast.alice, cast.bob];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => buy(buyers[n % 2], [{ name: 'M24', category: 'Weapons', quantity: 1 }], 14)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body.message).toBe('M24 is sold out.');
      expect(refused.body.unavailable[0]).toMatchObject({ id: 'gun-m24', available: 0, requested: 1 });
    }
    expect((await item(cast.alice, 'gun-m24')).stock).toBe(0);
  });

  it('names the item and what is left when a line asks for more', async () => {
    expect((await edit(cast.superAdmin, 'gun-anaconda', { stock: 3 })).status).toBe(200);
    const answer = await buy(cast.alice, [{ name: 'Anaconda', category: 'Weapons', quantity: 4 }], 56);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Only 3 Anaconda left.');
    expect(answer.body.unavailable[0]).toMatchObject({ id: 'gun-anaconda', available: 3, requested: 4 });
    // Nothing was taken by the refused request.
    expect((await item(cast.alice, 'gun-anaconda')).stock).toBe(3);
  });

  it('gives stock back on rejection and cancellation, and keeps it taken on completion', async () => {
    expect((await edit(cast.superAdmin, 'gun-p226', { stock: 10 })).status).toBe(200);
    const order = (quantity: number) => buy(cast.alice, [{ name: 'P226', category: 'Weapons', quantity }], quantity * 3);
    const [rejected, cancelled, completed] = [await order(2), await order(3), await order(4)];
    expect([rejected.status, cancelled.status, completed.status]).toEqual([201, 201, 201]);
    expect((await item(cast.alice, 'gun-p226')).stock).toBe(1);

    expect((await cast.admin.patch(`/api/purchase-requests/${rejected.body.id}/status`, { status: 'rejected' })).status).toBe(200);
    expect((await item(cast.alice, 'gun-p226')).stock).toBe(3);
    expect((await cast.alice.post(`/api/purchase-requests/${cancelled.body.id}/cancel`)).status).toBe(200);
    expect((await item(cast.alice, 'gun-p226')).stock).toBe(6);
    const path = `/api/purchase-requests/${completed.body.id}/status`;
    expect((await cast.admin.patch(path, { status: 'approved' })).status).toBe(200);
    expect((await cast.admin.patch(path, { status: 'completed' })).status).toBe(200);
    expect((await item(cast.alice, 'gun-p226')).stock).toBe(6);
    // Rejecting again is refused by the state machine and gives nothing back twice.
    expect((await cast.admin.patch(`/api/purchase-requests/${rejected.body.id}/status`, { status: 'rejected' })).status).toBe(409);
    expect((await item(cast.alice, 'gun-p226')).stock).toBe(6);
  });
});

describe('history, audit and the value card', () => {
  it("keeps every change with who, when, from, to and why, in the item's history and the audit log", async () => {
    const { version } = await item(cast.superAdmin, 'melee-metal-bat');
    expect(
      (
        await cast.superAdmin.patch('/api/admin/catalogue/items/melee-metal-bat', {
          price: 3,
          stock: 7,
          reason: 'new crate',
          expectedVersion: version,
        })
      ).status,
    ).toBe(200);
    expect((await cast.alice.get('/api/admin/catalogue/items/melee-metal-bat/history')).status).toBe(403);
    const history = await cast.admin.get('/api/admin/catalogue/items/melee-metal-bat/history');
    expect(history.status).toBe(200);
    expect(history.body.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'price', from: 2, to: 3, actorName: 'admin', reason: 'new crate' }),
        expect.objectContaining({ field: 'stock', from: null, to: 7, actorName: 'admin', reason: 'new crate' }),
      ]),
    );
    expect(history.body.at(-1)).toMatchObject({ field: 'created', actorName: null });

    const audit = await cast.superAdmin.get('/api/admin/audit?subjectType=catalogue-item');
    expect(audit.status).toBe(200);
    expect(audit.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          subjectType: 'catalogue-item',
          subject: 'Catalogue item Metal Bat',
          from: 'Price: $2.00',
          to: 'Price: $3.00',
          title: 'Price: $2.00 → Price: $3.00',
          actorName: 'admin',
          note: 'new crate',
        }),
        expect.objectContaining({ subject: 'Catalogue item Metal Bat', from: 'Stock: unlimited', to: 'Stock: 7' }),
      ]),
    );
  });

  it('answers the price history oldest first and what sold over 30 and 90 days', async () => {
    const dave = await signUp(server, 'dave');
    expect((await edit(cast.superAdmin, 'melee-switchblade', { price: 4 }, 'up')).status).toBe(200);
    const sold = await buy(dave, [{ name: 'Switchblade', category: 'Weapons', quantity: 3 }], 12);
    expect(sold.status).toBe(201);
    const path = `/api/purchase-requests/${sold.body.id}/status`;
    expect((await cast.admin.patch(path, { status: 'approved' })).status).toBe(200);
    expect((await cast.admin.patch(path, { status: 'completed' })).status).toBe(200);
    // A pending one is not a sale.
    expect((await buy(dave, [{ name: 'Switchblade', category: 'Weapons', quantity: 1 }], 4)).status).toBe(201);

    const card = await dave.get('/api/catalogue/items/melee-switchblade/prices');
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({ id: 'melee-switchblade', name: 'Switchblade', price: 4, sellPrice: 2 });
    expect(card.body.history.map((point: { price: number }) => point.price)).toEqual([2, 4]);
    expect(Date.parse(card.body.history[0].at)).toBeLessThanOrEqual(Date.parse(card.body.history[1].at));
    expect(card.body.sales).toEqual([
      { days: 30, soldCount: 3, medianPrice: 4 },
      { days: 90, soldCount: 3, medianPrice: 4 },
    ]);
  });
});

describe('CSV export and import', () => {
  it('exports every item with a header', async () => {
    expect((await cast.alice.get('/api/admin/catalogue/export.csv')).status).toBe(403);
    const answer = await cast.admin.get('/api/admin/catalogue/export.csv');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = String(answer.body)
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(lines[0]).toBe('id,name,category,subcategory,price,sellPrice,status,stock');
    expect(lines).toContain('gun-ak-47,AK-47,Weapons,guns,18.00,18.00,active,');
  });

  it('previews what changes and names each bad row and column; an apply with errors changes nothing', async () => {
    const csv = [
      'id,name,category,subcategory,price,sellPrice,status,stock',
      'gun-rpg,RPG,Weapons,guns,25.00,19.99,active,2',
      'gun-crossbow,Crossbow,Weapons,guns,13.00,13.00,active,',
      'no-such-id,Ghost,Weapons,guns,1,1,active,',
      'gun-remington,Remington,Weapons,guns,abc,18,sideways,-1',
      ',Tommy Gun,Weapons,guns,30,25,active,4',
    ].join('\n');
    const preview = await cast.superAdmin.post('/api/admin/catalogue/import', { csv, reason: 'weekly prices' });
    expect(preview.status).toBe(200);
    expect(preview.body.applied).toBe(false);
    expect(preview.body.unchanged).toBe(1);
    expect(preview.body.changes).toEqual([
      {
        row: 2,
        id: 'gun-rpg',
        name: 'RPG',
        kind: 'update',
        changes: [
          { field: 'price', from: 19.99, to: 25 },
          { field: 'stock', from: null, to: 2 },
        ],
      },
      expect.objectContaining({ row: 6, kind: 'create', name: 'Tommy Gun' }),
    ]);
    expect(preview.body.errors).toEqual([
      { row: 4, column: 'id', message: "There is no item with the id 'no-such-id' (leave the id empty to add a new item)" },
      { row: 5, column: 'price', message: "'abc' is not a price (write dollars, e.g. 18 or 0.05)" },
      { row: 5, column: 'status', message: "'sideways' is not a status (active, hidden or archived)" },
      { row: 5, column: 'stock', message: "'-1' is not a stock count (a whole number from 0, or empty for unlimited)" },
    ]);

    const refused = await cast.superAdmin.post('/api/admin/catalogue/import', { csv, reason: 'weekly prices', apply: true });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('2 rows have problems, so nothing was changed. Correct the file and import it again.');
    expect((await item(cast.alice, 'gun-rpg')).price).toBe(19.99);
  });

  it('applies a good file in one go: changes, new items, history and one note', async () => {
    const csv = ['id,price,stock', 'gun-rpg,25,2', 'gun-hunting-rifle,3.5,'].join('\r\n');
    const header = 'name,category,subcategory,price,sellPrice,status,stock';
    // Unquoted, the thousands comma makes one cell too many: the row is named, nothing is added.
    const unquoted = await cast.superAdmin.post('/api/admin/catalogue/import', {
      csv: `${header}\nGolden Shovel,Weapons,melee,$1,200.50,900,hidden,1`,
      reason: 'x',
    });
    expect(unquoted.body.errors).toEqual([
      { row: 2, column: null, message: 'This row has 8 cells but the header has 7: quote a cell that holds a comma ("$1,200.50")' },
    ]);
    const added = `${header}\nGolden Shovel,Weapons,melee,"$1,200.50",900,hidden,1`;
    const create = await cast.superAdmin.post('/api/admin/catalogue/import', { csv: added, reason: 'event item', apply: true });
    expect(create.body).toMatchObject({ errors: [], applied: true });
    expect(create.status).toBe(200);
    expect(create.body.changes[0]).toMatchObject({ kind: 'create', name: 'Golden Shovel' });
    expect((await catalogue(cast.alice)).items.some((entry) => entry.name === 'Golden Shovel')).toBe(false);
    expect((await catalogue(cast.admin)).items.find((entry) => entry.name === 'Golden Shovel')).toMatchObject({
      id: 'weapons-golden-shovel',
      price: 1200.5,
      sellPrice: 900,
      status: 'hidden',
      stock: 1,
    });
    expect((await cast.admin.post('/api/admin/catalogue/import', { csv, reason: 'x', apply: true })).status).toBe(403);
    const before = (await catalogue(cast.alice)).version;
    const applied = await cast.superAdmin.post('/api/admin/catalogue/import', { csv, reason: 'weekly prices', apply: true });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ applied: true, errors: [] });
    expect(applied.body.version).toBe(before + 1);
    expect(await item(cast.alice, 'gun-rpg')).toMatchObject({ price: 25, stock: 2 });
    expect((await item(cast.alice, 'gun-hunting-rifle')).price).toBe(3.5);
    const history = await cast.admin.get('/api/admin/catalogue/items/gun-rpg/history');
    expect(history.body[0]).toMatchObject({ reason: 'weekly prices', actorName: 'admin' });
  });

  it('reads a file that is not CSV as one clear error', async () => {
    const answer = await cast.superAdmin.post('/api/admin/catalogue/import', { csv: 'id,price\n"gun-rpg,25', reason: 'x' });
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toHaveLength(1);
    expect(answer.body.errors[0].message).toMatch(/^The file is not valid CSV/);
  });
});

describe('CATALOGUE_UPDATE', () => {
  it('reaches every signed-in socket after a change, with the new version', async () => {
    const player = await openSocket(server, cast.bob);
    const admin = await openSocket(server, cast.admin);
    try {
      const answer = await edit(cast.superAdmin, 'melee-axe', { status: 'hidden' });
      expect(answer.status).toBe(200);
      const { version } = await catalogue(cast.admin);
      for (const socket of [player, admin])
        await eventually(() =>
          socket.messages.some((message) => message.type === 'CATALOGUE_UPDATE' && message.payload.version === version),
        );
    } finally {
      player.close();
      admin.close();
    }
  });
});
