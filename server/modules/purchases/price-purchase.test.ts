import { describe, expect, it } from 'vitest';
import { customCashName, customCashPrice } from '../../../src/domain/custom-cash';
import type { CreatePurchaseRequestBody } from '../../../src/domain/schemas/purchases';
import { priceFromClaims } from './price-purchase';

const body = (items: CreatePurchaseRequestBody['items'], totalPrice = 0): CreatePurchaseRequestBody => ({ items, totalPrice });

// Issue 46: PostgreSQL's one-statement purchase is priced as the cart claims, and the statement checks every claim.
describe('priceFromClaims', () => {
  it('prices each named line at the price it claims, in the name and category it writes, and merges the claims by item', () => {
    const claimed = priceFromClaims(
      body([
        { id: 'gun-glock', name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 2 },
        { name: 'Rifle Ammo', category: 'Ammo', price: 0.05, quantity: 100, subcategory: 'Rifle' },
        { id: 'gun-glock', name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 1 },
      ]),
    );
    expect(claimed?.priced.lines).toEqual([
      { itemId: 'gun-glock', name: 'Glock', category: 'Weapons', unitCents: 200, quantity: 2, subcategory: null, description: null },
      { itemId: '2', name: 'Rifle Ammo', category: 'Ammo', unitCents: 5, quantity: 100, subcategory: 'Rifle', description: null },
      { itemId: 'gun-glock', name: 'Glock', category: 'Weapons', unitCents: 200, quantity: 1, subcategory: null, description: null },
    ]);
    expect(claimed?.priced.totalCents).toBe(1100);
    expect(claimed?.priced.takes).toEqual([]);
    expect(claimed?.claims).toEqual([
      { name: 'Glock', category: 'Weapons', unitCents: 200, quantity: 3 },
      { name: 'Rifle Ammo', category: 'Ammo', unitCents: 5, quantity: 100 },
    ]);
  });

  it('prices custom cash from its amount whatever it claims, and claims no catalogue item for it', () => {
    const claimed = priceFromClaims(body([{ name: '$5,000 Custom Cash', category: 'custom cash', price: '$999.00', quantity: 2 }]));
    expect(claimed?.priced.lines).toEqual([expect.objectContaining({ name: customCashName(5000), unitCents: customCashPrice(5000) })]);
    expect(claimed?.claims).toEqual([]);
  });

  it('leaves to the transaction a named line without a price, one that is not a price, one item claimed at two prices, and a line that cannot be priced', () => {
    expect(priceFromClaims(body([{ name: 'Glock', category: 'Weapons', quantity: 1 }]))).toBeNull();
    expect(priceFromClaims(body([{ name: 'Glock', category: 'Weapons', price: 'two dollars', quantity: 1 }]))).toBeNull();
    expect(
      priceFromClaims(
        body([
          { name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 1 },
          { name: 'Glock', category: 'Weapons', price: '$1.00', quantity: 1 },
        ]),
      ),
    ).toBeNull();
    expect(priceFromClaims(body([{ name: '$3 Custom Cash', category: 'Custom Cash', quantity: 1 }]))).toBeNull();
  });
});
