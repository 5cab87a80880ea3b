import { describe, expect, it } from 'vitest';
import { cartTotal, compareCategories, groupByCategory, itemCount, priceLine } from './pricing';

describe('server-side line pricing: every line priced from the shared catalogue, never from the client', () => {
  it.each([
    [{ name: 'Glock', category: 'Weapons', quantity: 3 }, 2, 6],
    [{ name: 'GLOCK', category: 'weapons', quantity: 1 }, 2, 2],
    [{ name: 'Rifle Ammo', category: 'Ammo', quantity: 100 }, 0.05, 5],
    [{ name: '$12,000 Cash', category: 'Cash', quantity: 2 }, 2.99, 5.98],
    [{ name: '$1,000,000 Custom Cash', category: 'Custom Cash', quantity: 1 }, 90, 90],
    [{ name: 'Quantum Hacking Package (2 Hours)', category: 'Hacking', quantity: 1 }, 24, 24],
    [{ name: 'First Aid Kit', category: 'Equipment', quantity: 3 }, 0.69, 2.07],
  ])('when pricing %j, then the unit price is %s and the line %s', (line, unit, total) => {
    expect(priceLine(line)).toMatchObject({ ok: true, unitPrice: unit, lineTotal: total });
  });

  it.each([
    { name: 'Glock', category: 'Farming', quantity: 1 },
    { name: 'Regular Pot', category: 'Farming', quantity: 1 },
    { name: '$250,000 Cash', category: 'Cash', quantity: 1 },
    { name: '$400 Custom Cash', category: 'Custom Cash', quantity: 1 },
    { name: 'Golden Tractor', category: 'Other', quantity: 1 },
  ])('when pricing %j, then it is refused', (line) => {
    expect(priceLine(line).ok).toBe(false);
  });

  it('when totalling, then it is the sum of price × quantity to 2 decimals', () => {
    expect(
      cartTotal([
        { price: 0.1, quantity: 3 },
        { price: 0.2, quantity: 1 },
      ]),
    ).toBe(0.5);
    expect(
      cartTotal([
        { price: 2.99, quantity: 3 },
        { price: 19.99, quantity: 1 },
      ]),
    ).toBe(28.96);
    expect(cartTotal([])).toBe(0);
    expect(itemCount([{ quantity: 2 }, { quantity: 5 }])).toBe(7);
  });

  it('when grouping, then Weapons come first and the rest alphabetically', () => {
    const groups = groupByCategory([
      { category: 'Farming' },
      { category: 'Weapons' },
      { category: 'Ammo' },
      { category: 'Weapons' },
      { category: 'Cash' },
    ]);
    expect(groups.map(([category, lines]) => [category, lines.length])).toEqual([
      ['Weapons', 2],
      ['Ammo', 1],
      ['Cash', 1],
      ['Farming', 1],
    ]);
    expect(compareCategories('Weapons', 'Ammo')).toBeLessThan(0);
  });

  it('when a catalogue line arrives in another capitalisation, then the catalogue spelling of name and category is what is priced', () => {
    const priced = priceLine({ name: 'glock', category: 'weapons', quantity: 2 });
    expect(priced).toMatchObject({ ok: true, name: 'Glock', category: 'Weapons' });
  });

  it('when a custom cash line is priced, then its name is written from the amount, whatever was sent', () => {
    expect(priceLine({ name: '12345 custom cash', category: 'custom cash', quantity: 1 })).toEqual({
      ok: true,
      name: '$12,345 Custom Cash',
      category: 'Custom Cash',
      unitPrice: 3.08,
      lineTotal: 3.08,
    });
  });

  it('when a custom cash name carries extra words or a 22-digit amount, then the line is refused with the allowed range', () => {
    for (const name of ['Custom Cash $500 (deliver $10,000,000)', '$1234567890123456789012 Custom Cash']) {
      const priced = priceLine({ name, category: 'Custom Cash', quantity: 1 });
      expect(priced).toEqual({
        ok: false,
        reason: `'${name}' is not a valid custom cash amount (whole dollars from $500 to $100,000,000)`,
      });
    }
  });
});
