import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { OutboxRecord } from '@/lib/db';
import { drainOutbox } from '@/lib/outbox/drain';
import { getOutboxRecord, putOutboxRecord } from '@/lib/outbox/store';
import { queuedRecord, withFakeServer } from '@/test/outbox-server';
import { sendPurchaseBody } from './send-purchase';

const purchaseRecord = (patch: Partial<OutboxRecord> = {}): OutboxRecord =>
  queuedRecord('purchase', { items: [{ name: 'Glock', category: 'Weapons', quantity: 1 }], totalPrice: 2 }, patch);

const server = withFakeServer(['purchase', sendPurchaseBody]);

describe('a queued purchase, sent by the drain', () => {
  it('when a purchase is queued, then it is posted once with its own key', async () => {
    await putOutboxRecord(purchaseRecord({ id: 'p-1' }));
    await drainOutbox();
    expect(server.state.created.map((c) => [c.path, c.key])).toEqual([['/api/purchase-requests', 'p-1']]);
    expect(server.state.created[0].body).toEqual({ items: [{ name: 'Glock', category: 'Weapons', quantity: 1 }], totalPrice: 2 });
  });

  it("when the server refuses with 409, then the item fails with the server's message and is not replayed", async () => {
    await putOutboxRecord(purchaseRecord());
    server.state.script = [409];
    expect(await drainOutbox()).toMatchObject({ failed: 1 });
    expect(await getOutboxRecord('key-1')).toMatchObject({ state: 'failed', error: 'Refused with 409' });
    server.state.posts = [];
    await drainOutbox();
    expect(server.state.posts).toEqual([]);
  });
});
