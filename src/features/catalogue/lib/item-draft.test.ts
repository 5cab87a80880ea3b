import { asCents } from '@/domain/money';
import { describe, expect, it } from 'vitest';
import { seedCatalogue, shopItemOf } from '@/test/catalogue-fixture';
import { draftBody, draftOf, readNumbers } from './item-draft';

const ak = seedCatalogue()
  .items.map(shopItemOf)
  .find((item) => item.id === 'gun-ak-47')!;

describe('the item editor’s draft', () => {
  it('when an item is edited, then its fields are the draft and its body carries the version the editor saw', () => {
    const draft = { ...draftOf(ak), price: '19.50', reason: 'Drop' };
    const numbers = readNumbers(draft);
    expect(numbers).toEqual({ ok: true, numbers: { price: 1950, sellPrice: ak.sellPrice, stock: ak.stock } });
    const body = draftBody(draft, ak, numbers.ok ? numbers.numbers : { price: null, sellPrice: null, stock: null });
    expect(body).toMatchObject({ ok: true, update: true, id: 'gun-ak-47', body: { price: 19.5, expectedVersion: ak.version } });
  });

  it('when a number is typed wrong, then each field names its problem', () => {
    expect(readNumbers({ ...draftOf(null), price: 'abc', stock: '1.5' })).toEqual({
      ok: false,
      problems: ['Price: A price is a number of dollars', 'Stock: Stock is a whole number, or empty for unlimited'],
    });
  });

  it('when a new gun or ammo is added, then its kind or its unit goes with it', () => {
    const none = { price: asCents(500), sellPrice: null, stock: null };
    const gun = draftBody({ ...draftOf(null), name: 'Test gun', reason: 'New stock', gunClass: 'pistols' }, null, none);
    expect(gun).toMatchObject({ ok: true, update: false, body: { category: 'Weapons', subcategory: 'guns', gunClass: 'pistols' } });
    const ammo = draftBody(
      { ...draftOf(null), name: 'Test ammo', reason: 'New stock', category: 'Ammo', subcategory: 'rounds' },
      null,
      none,
    );
    expect(ammo).toMatchObject({ ok: true, body: { unit: 'round' } });
    expect(ammo.ok && 'gunClass' in ammo.body).toBe(false);
  });

  it('when the schema refuses the draft, then its messages are the problems', () => {
    const refused = draftBody({ ...draftOf(null), name: '' }, null, { price: asCents(500), sellPrice: null, stock: null });
    expect(refused.ok).toBe(false);
    expect(refused.ok ? [] : refused.problems.length).toBeGreaterThan(0);
  });
});
