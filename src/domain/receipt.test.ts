import { describe, expect, it } from 'vitest';
import { PurchaseRequest } from './schemas/purchases';
import { asCents } from './money';
import { buildReceipt, receiptText } from './receipt';

// As the API writes it, read into cents as the app reads it.
const request = PurchaseRequest.parse({
  id: 42,
  requesterName: 'maya',
  items: [
    { id: 'gun-glock', name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 4 },
    { id: 'cash-12000', name: '$12,000 Cash', category: 'Cash', price: '$2.99', quantity: 1 },
  ],
  totalPrice: 10.99,
  totalItems: 5,
  contactEmail: null,
  status: 'completed',
  createdAt: '2026-11-20T10:00:00.000Z',
  requestedAt: null,
  approvedAt: null,
  rejectedAt: null,
  completedAt: null,
  rejectionReason: null,
  scheduledDate: '11/30/2026',
  scheduledTime: '2:00 PM',
  isImmediateSchedule: false,
  promisedAt: null,
  promiseStatus: 'kept',
  creditApplied: 3,
  amountDue: 7.99,
});

describe('receipts', () => {
  it('when a completed request with credit is read, then the receipt has its lines, credit, due, promise and who handed it over', () => {
    const receipt = buildReceipt(request, 'admin');
    expect(receipt).toEqual({
      title: 'Blockspin Market — Request #42',
      lines: [
        { name: 'Glock', category: 'Weapons', each: '4 × $2.00', total: '$8.00' },
        { name: '$12,000 Cash', category: 'Cash', each: '1 × $2.99', total: '$2.99' },
      ],
      total: '$10.99',
      credit: '−$3.00',
      due: '$7.99',
      promise: 'Drop: 11/30/2026 at 2:00 PM',
      handedOverBy: 'admin',
    });
    expect(receiptText(receipt, 'Nov 20, 2026')).toBe(
      [
        'Blockspin Market — Request #42',
        'Placed Nov 20, 2026',
        '',
        'Glock (Weapons): 4 × $2.00 = $8.00',
        '$12,000 Cash (Cash): 1 × $2.99 = $2.99',
        '',
        'Total $10.99',
        'Store credit −$3.00',
        'Amount due $7.99',
        'Drop: 11/30/2026 at 2:00 PM',
        'Handed over by admin',
      ].join('\n'),
    );
  });

  it('when a pending request without credit is read, then nothing is handed over and the total is due', () => {
    const receipt = buildReceipt(
      { ...request, status: 'pending', creditApplied: asCents(0), amountDue: asCents(1099), scheduledDate: null },
      'admin',
    );
    expect(receipt).toMatchObject({ credit: null, due: '$10.99', promise: 'Drop: to be scheduled', handedOverBy: null });
  });
});
