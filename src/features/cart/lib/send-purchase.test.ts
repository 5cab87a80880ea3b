import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxRecord } from '../../../lib/db';
import { drainOutbox } from '../../../lib/outbox-drain';
import { registerOutboxSender } from '../../../lib/outbox-senders';
import { getOutboxRecord, putOutboxRecord } from '../../../lib/outbox-store';
import { deleteTestDb } from '../../../test/idb';
import { fakeServer, queuedRecord } from '../../../test/outbox-server';
import { sendPurchaseBody } from './send-purchase';

const purchaseRecord = (patch: Partial<OutboxRecord> = {}): OutboxRecord =>
  queuedRecord('purchase', { items: [{ name: 'Glock', category: 'Weapons', quantity: 1 }], totalPrice: 2 }, patch);

let server: ReturnType<typeof fakeServer>;
let unregister: () => void;
beforeEach(() => {
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetchImpl);
  unregister = registerOutboxSender('purchase', sendPurchaseBody);
});
afterEach(async () => {
  unregister();
  vi.unstubAllGlobals();
  await deleteTestDb();
});

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
