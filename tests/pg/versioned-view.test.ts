import { describe, expect, it } from 'vitest';
import { useMigratedPostgres } from '../support/migrated-postgres';
import { seedIfEmpty } from '../../server/modules/catalogue/seed-catalogue';
import { readVersionedView } from '../../server/modules/catalogue/versioned-view';

// Issue 46: a one-statement purchase prices from the items it names, read with the catalogue's version just before
// (no process keeps a copy of the catalogue); the statement then writes only at that version.
describe('the items a purchase names, with the catalogue version', () => {
  const world = useMigratedPostgres(2);

  const line = (name: string, category: string) => ({ name, category, quantity: 1 });
  const version = async () => Number((await world.engine.pool!.query('SELECT version FROM catalogue_state WHERE id = 1')).rows[0].version);

  it('before the catalogue is seeded, then there is nothing to price from', async () => {
    expect(await readVersionedView(world.engine.tx, [line('Glock', 'Weapons')])).toBeNull();
  });

  it('when a purchase names items in any capitalisation, then only those are read, with the version of the same moment', async () => {
    await seedIfEmpty(world.engine.tx);
    const read = await readVersionedView(world.engine.tx, [line('glock', 'Weapons'), line('RIFLE AMMO', 'Ammo')]);
    expect(read?.version).toBe(await version());
    expect(read?.view.find('Glock', 'Weapons')?.price_cents).toBe(200);
    expect(read?.view.find('Rifle Ammo', 'Ammo')?.name).toBe('Rifle Ammo');
    expect(read?.view.find('AK-47', 'Weapons')).toBeUndefined();
  });

  it('when the catalogue changes, then the next read has the new price and version: nothing is kept between purchases', async () => {
    const before = await version();
    await world.engine.pool!.query(`UPDATE catalogue_items SET price_cents = 250 WHERE name = 'Glock'`);
    await world.engine.pool!.query('UPDATE catalogue_state SET version = version + 1 WHERE id = 1');
    const read = await readVersionedView(world.engine.tx, [line('Glock', 'Weapons')]);
    expect(read?.version).toBe(before + 1);
    expect(read?.view.find('Glock', 'Weapons')?.price_cents).toBe(250);
  });

  it('when a line names no item by its name (custom cash only, or an unknown name), then custom cash needs nothing and an unknown name goes to the transaction', async () => {
    expect((await readVersionedView(world.engine.tx, [line('$5 cash', 'Custom Cash')]))?.version).toBe(await version());
    expect(await readVersionedView(world.engine.tx, [line('Glock', 'Weapons'), line('No Such Gun', 'Weapons')])).toBeNull();
  });
});
