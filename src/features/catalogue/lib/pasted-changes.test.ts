import { describe, expect, it } from 'vitest';
import { patchItems, seedCatalogue, shopItemOf } from '@/test/catalogue-fixture';
import { pastedChanges } from './pasted-changes';

const items = seedCatalogue(patchItems({ 'gun-ak-47': { stock: 3 } })).items.map(shopItemOf);
const [first, second, third] = items;

describe('a column pasted into the grid', () => {
  it('when it is pasted into a cell, then that cell and those below take its lines, and only changed values are saved', () => {
    const { changes, problems } = pastedChanges(items, second, 'stock', [String(second.stock ?? ''), '7']);
    expect(problems).toEqual([]);
    expect(changes).toEqual([{ item: third, change: { stock: 7 } }]);
    expect(changes.some((entry) => entry.item.id === first.id)).toBe(false);
  });

  it('when a line cannot be read, then its problem is named with its line and item', () => {
    const { problems } = pastedChanges(items, first, 'price', ['abc', '5']);
    expect(problems).toEqual([`Line 1 (${first.name}): A price is a number of dollars`]);
  });
});
