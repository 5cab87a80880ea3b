import { describe, expect, it } from 'vitest';
import { seedCatalogue, shopItemOf } from '@/test/catalogue-fixture';
import { rememberCatalogue } from '../catalogue/last-catalogue';
import { describeOutboxRecord } from './describe';

// The amounts are valued from the last catalogue this page received (the server's; here its seed).
rememberCatalogue(seedCatalogue().items.map(shopItemOf));

const sell = (itemName: string, category: string, quantity: number, paymentMethod: 'usd' | 'blockspin') => ({
  kind: 'sell' as const,
  payload: {
    submission: { ps5Name: itemName, robloxName: category, quantity, hasMultipleQuantity: false, paymentMethod },
    sellRequest: { itemName, category },
  },
});

describe('describeOutboxRecord', () => {
  it('when a sell waits, then it reads with its category label, quantity, payment and payout, not the raw key', () => {
    expect(describeOutboxRecord(sell('AK-47', 'weapons', 2, 'usd'))).toEqual({
      title: 'AK-47',
      detail: 'Weapons & Ammo',
      facts: [
        { label: 'Quantity', value: '2' },
        { label: 'Payment', value: 'USD Cash' },
        { label: 'Amount', value: '$5.40 USD' },
      ],
    });
    expect(describeOutboxRecord(sell('AK-47', 'weapons', 1, 'blockspin')).facts).toContainEqual({
      label: 'Amount',
      value: '27,000 Blockspin',
    });
  });

  it('when the item has no catalogue price, then the amount reads Price TBD', () => {
    const { detail, facts } = describeOutboxRecord(sell('Rare hat', 'other', 1, 'usd'));
    expect(detail).toBe('Other');
    expect(facts).toContainEqual({ label: 'Amount', value: 'Price TBD' });
  });

  it('when a purchase waits, then it reads its first item, the count and the total', () => {
    const items = [
      { name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 600 },
      { name: 'AK-47', category: 'Weapons', price: '$18.00', quantity: 1 },
    ];
    expect(describeOutboxRecord({ kind: 'purchase', payload: { items, totalPrice: 1218 } })).toEqual({
      title: 'Glock and 1 more',
      detail: '601 items · $1,218.00',
    });
  });
});
