import { describe, expect, it } from 'vitest';
import { eventually, openSocket, signUp, useServerWithCast } from './helpers';
import { buy, catalogue, editWith, item } from './catalogue-steps';

// Issue 49 (DESIGN.md §14), on both engines: an item's history, the audit log and the value card, CSV export and
// import, and the CATALOGUE_UPDATE note.
const { server, cast } = useServerWithCast();
const edit = editWith(() => cast.superAdmin);

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
