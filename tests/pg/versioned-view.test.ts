import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Engine } from '../../server/db/engine';
import { postgresEngine } from '../../server/db/postgres';
import { migratePostgres } from '../../server/db/migrate';
import { seedIfEmpty } from '../../server/modules/catalogue/seed-catalogue';
import { readVersionedView } from '../../server/modules/catalogue/versioned-view';
import { freshDatabase } from '../support/postgres';

// Issue 46: a one-statement purchase prices from the items it names, read with the catalogue's version just before
// (no process keeps a copy of the catalogue); the statement then writes only at that version.
describe('the items a purchase names, with the catalogue version', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let engine: Engine;
  beforeAll(async () => {
    database = await freshDatabase(inject('postgresUrl'));
    engine = postgresEngine(database.url, 2);
    await migratePostgres(engine.pool!);
  });
  afterAll(async () => {
    await engine.close();
    await database.drop();
  });

  const line = (name: string, category: string) => ({ name, category, quantity: 1 });
  const version = async () => Number((await engine.pool!.query('SELECT version FROM catalogue_state WHERE id = 1')).rows[0].version);

  it('before the catalogue is seeded, then there is nothing to price from', async () => {
    expect(await readVersionedView(engine.tx, [line('Glock', 'Weapons')])).toBeNull();
  });

  it('when a purchase names items in any capitalisation, then only those are read, with the version of the same moment', async () => {
    await seedIfEmpty(engine.tx);
    const read = await readVersionedView(engine.tx, [line('glock', 'Weapons'), line('RIFLE AMMO', 'Ammo')]);
    expect(read?.version).toBe(await version());
    expect(read?.view.find('Glock', 'Weapons')?.price_cents).toBe(200);
    expect(read?.view.find('Rifle Ammo', 'Ammo')?.name).toBe('Rifle Ammo');
    expect(read?.view.find('AK-47', 'Weapons')).toBeUndefined();
  });

  it('when the catalogue changes, then the next read has the new price and version: nothing is kept between purchases', async () => {
    const before = await version();
    await engine.pool!.query(`UPDATE catalogue_items SET price_cents = 250 WHERE name = 'Glock'`);
    await engine.pool!.query('UPDATE catalogue_state SET version = version + 1 WHERE id = 1');
    const read = await readVersionedView(engine.tx, [line('Glock', 'Weapons')]);
    expect(read?.version).toBe(before + 1);
    expect(read?.view.find('Glock', 'Weapons')?.price_cents).toBe(250);
  });

  it('when a line names no item by its name (custom cash only, or an unknown name), then custom cash needs nothing and an unknown name goes to the transaction', async () => {
    expect((await readVersionedView(engine.tx, [line('$5 cash', 'Custom Cash')]))?.version).toBe(await version());
    expect(await readVersionedView(engine.tx, [line('Glock', 'Weapons'), line('No Such Gun', 'Weapons')])).toBeNull();
  });
});
