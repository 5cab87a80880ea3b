import { describe, expect, it } from 'vitest';
import { patchItems, seedCatalogue, shopItemOf } from '@/test/catalogue-fixture';
import { cellText, pastedColumn, readCell } from './cell-value';
import { filterItems, NO_FILTER } from './grid-filter';

const items = seedCatalogue(
  patchItems({
    'gun-ak-47': { stock: 3 },
    'gun-glock': { stock: 0 },
    'gun-rpg': { status: 'hidden' },
    'melee-axe': { status: 'archived' },
  }),
).items.map(shopItemOf);
const names = (list: { name: string }[]) => list.map((item) => item.name);

describe('the catalogue grid’s filters', () => {
  it('when searching, then names, other spellings and ids match in any capitalisation, every word', () => {
    expect(names(filterItems(items, { ...NO_FILTER, search: 'ak47' }))).toEqual(['AK-47']);
    expect(names(filterItems(items, { ...NO_FILTER, search: 'sawed' }))).toEqual(['Sawnoff']);
    expect(names(filterItems(items, { ...NO_FILTER, search: 'golden pot' }))).toEqual(['Golden Pot']);
  });

  it('when filtering by category, status and stock, then only those show', () => {
    expect(filterItems(items, { ...NO_FILTER, category: 'Hacking' })).toHaveLength(6);
    expect(names(filterItems(items, { ...NO_FILTER, status: 'hidden' }))).toEqual(['RPG']);
    expect(names(filterItems(items, { ...NO_FILTER, status: 'archived' }))).toEqual(['Axe']);
    expect(names(filterItems(items, { ...NO_FILTER, stock: 'low' }))).toEqual(['AK-47']);
    expect(names(filterItems(items, { ...NO_FILTER, stock: 'none' }))).toEqual(['Glock']);
  });
});

describe('a grid cell', () => {
  it('when a price or stock is typed, then it is read (a price in cents) or refused with a reason', () => {
    expect(readCell('price', '$1,234.5')).toEqual({ ok: true, value: 123450 });
    expect(readCell('price', '')).toEqual({ ok: true, value: null });
    expect(readCell('price', '1.234')).toEqual({ ok: false, message: 'A price has at most two decimals (cents)' });
    expect(readCell('price', 'abc')).toEqual({ ok: false, message: 'A price is a number of dollars' });
    expect(readCell('price', '2000000')).toEqual({ ok: false, message: 'A price can be at most $1,000,000' });
    expect(readCell('stock', '12')).toEqual({ ok: true, value: 12 });
    expect(readCell('stock', 'unlimited')).toEqual({ ok: true, value: null });
    expect(readCell('stock', '1.5')).toEqual({ ok: false, message: 'Stock is a whole number, or empty for unlimited' });
    expect([cellText('price', 1800), cellText('sellPrice', 3), cellText('stock', 4), cellText('stock', null)]).toEqual([
      '18.00',
      '0.03',
      '4',
      '',
    ]);
  });

  it('when a column is pasted, then its lines are the values; a single value is not a column', () => {
    expect(pastedColumn('1\r\n2\r\n3\r\n')).toEqual(['1', '2', '3']);
    expect(pastedColumn('4\tx\n5\ty')).toEqual(['4', '5']);
    expect(pastedColumn('7')).toBeNull();
  });
});
