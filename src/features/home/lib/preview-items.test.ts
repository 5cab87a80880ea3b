import { describe, expect, it } from 'vitest';
import { seedCatalogue, shopItemOf } from '@/test/catalogue-fixture';
import { pickPreviewItems } from './preview-items';

describe('the Store Preview’s items', () => {
  it('pickPreviewItems picks a weapon, a consumable and a farming item with shop prices', () => {
    const items = pickPreviewItems(seedCatalogue().items.map(shopItemOf), () => 0.999);
    expect(items.map((entry) => entry.kind)).toEqual(['Weapon', 'Consumable', 'Farming']);
    expect(['Weapons']).toContain(items[0].item.category);
    expect(items[1].item.category).toBe('Equipment');
    expect(items[2].item.category).toBe('Farming');
    expect(items.every((entry) => typeof entry.item.price === 'number')).toBe(true);
    expect(items[2].item.name).not.toBe('Regular Pot');
  });

  it('pickPreviewItems leaves out what is sold out, hidden or not sold, and a kind with nothing to show', () => {
    const catalogue = seedCatalogue((entries) =>
      entries.map((entry) =>
        entry.category === 'Farming'
          ? { ...entry, stock: 0 }
          : entry.category === 'Equipment' && entry.name !== 'Molotov'
            ? { ...entry, status: 'hidden' as const }
            : entry,
      ),
    );
    const items = pickPreviewItems(catalogue.items.map(shopItemOf), () => 0.5);
    expect(items.map((entry) => entry.kind)).toEqual(['Weapon', 'Consumable']);
    expect(items[1].item.name).toBe('Molotov');
  });
});
