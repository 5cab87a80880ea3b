import { describe, expect, it } from 'vitest';
import { asCents } from './money';
import { compareCategories, groupByCategory, itemCount, priceLine, totalCents } from './pricing';

describe('server-side line pricing: every line priced from the shared catalogue, never from the client', () => {
  it.each([
    [{ name: 'Glock', category: 'Weapons', quantity: 3 }, 200, 600],
    [{ name: 'GLOCK', category: 'weapons', quantity: 1 }, 200, 200],
    [{ name: 'Rifle Ammo', category: 'Ammo', quantity: 100 }, 5, 500],
    [{ name: '$12,000 Cash', category: 'Cash', quantity: 2 }, 299, 598],
    [{ name: '$1,000,000 Custom Cash', category: 'Custom Cash', quantity: 1 }, 9000, 9000],
    [{ name: 'Quantum Hacking Package (2 Hours)', category: 'Hacking', quantity: 1 }, 2400, 2400],
    [{ name: 'First Aid Kit', category: 'Equipment', quantity: 3 }, 69, 207],
  ])('when pricing %j, then the unit price is %s cents and the line %s', (line, unit, total) => {
    expect(priceLine(line)).toMatchObject({ ok: true, unitCents: unit, lineCents: total });
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

  it('when totalling, then it is the exact sum of price × quantity in cents', () => {
    expect(
      totalCents([
        { priceCents: asCents(10), quantity: 3 },
        { priceCents: asCents(20), quantity: 1 },
      ]),
    ).toBe(50);
    expect(
      totalCents([
        { priceCents: asCents(299), quantity: 3 },
        { priceCents: asCents(1999), quantity: 1 },
      ]),
    ).toBe(2896);
    expect(totalCents([])).toBe(0);
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
      unitCents: 308,
      lineCents: 308,
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
