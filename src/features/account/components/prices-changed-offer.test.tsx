import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreatePurchaseRequestBody } from '@/domain/schemas/purchases';
import { setCurrentUser } from '@/lib/current-user';
import type { OutboxRecord } from '@/lib/db';
import { createQueryClient } from '@/lib/query-client';
import { getOutboxRecord, listOutboxRecords, putOutboxRecord } from '@/lib/outbox/store';
import { installOutboxSenders } from '@/lib/outbox/senders';
import { catalogueHandler, patchItems, seedCatalogue } from '@/test/catalogue-fixture';
import { deleteTestDb } from '@/test/idb';
import { setupMswServer } from '@/test/msw';
import { AppProviders } from '@/test/providers';
import { QueuedCard } from './queued-card';

vi.setConfig({ testTimeout: 30_000 });
const server = setupMswServer();
// The app installs the cart's sender; here the same one POST with the item's key.
installOutboxSenders({ purchase: (item, post) => post('/api/purchase-requests', item.payload, item.id) });

afterEach(async () => {
  await deleteTestDb();
});

// Queued offline when the AK-47 was $18 and the Glock $2: 2 × 18 + 3 × 2 = $42.00.
const body: CreatePurchaseRequestBody = {
  requesterName: 'alice',
  items: [
    { id: 'gun-ak-47', name: 'AK-47', category: 'Weapons', price: '$18.00', quantity: 2, subcategory: 'guns' },
    { id: 'gun-glock', name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 3, subcategory: 'guns' },
  ],
  totalPrice: 42,
  requestedAt: '2026-11-21T05:00:00.000Z',
};
const refused: OutboxRecord = {
  id: 'old-key',
  kind: 'purchase',
  username: 'alice',
  payload: body,
  state: 'failed',
  error: 'Prices have changed',
  attempts: 1,
  createdAt: '2026-11-21T05:00:00.000Z',
  updatedAt: '2026-11-21T05:00:00.000Z',
};

function renderCard(record: OutboxRecord) {
  setCurrentUser({ username: 'alice', contactEmail: null, ps5Username: null, robloxUsername: 'rob', isAdmin: false, isSuperAdmin: false });
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <QueuedCard item={{ ...record, title: 'AK-47 and 1 more', detail: '5 items · $42.00' }} />
    </AppProviders>,
  );
}

describe('a purchase queued at an old price', () => {
  it('when the server refused it for its prices, then it says so with the new total, and one tap sends it again at today’s prices under a new key', async () => {
    server.use(catalogueHandler(seedCatalogue(patchItems({ 'gun-ak-47': { price: 20 } }), 2)));
    const sent: Array<{ key: string | null; body: CreatePurchaseRequestBody }> = [];
    server.use(
      http.post('/api/purchase-requests', async ({ request }) => {
        sent.push({ key: request.headers.get('Idempotency-Key'), body: (await request.json()) as CreatePurchaseRequestBody });
        return HttpResponse.json({ id: 7, status: 'pending' }, { status: 201 });
      }),
    );
    await putOutboxRecord(refused);
    renderCard(refused);

    expect(await screen.findByTestId('new-total')).toHaveTextContent('$46.00');
    const offer = screen.getByTestId('prices-changed');
    expect(offer).toHaveTextContent('Prices have changed');
    expect(offer).toHaveTextContent('Was $42.00');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Send again at $46.00' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].key).not.toBe('old-key');
    expect(sent[0].body.totalPrice).toBe(46);
    expect(sent[0].body.items.map((line) => [line.name, line.price, line.quantity])).toEqual([
      ['AK-47', '$20.00', 2],
      ['Glock', '$2.00', 3],
    ]);
    await waitFor(async () => expect(await getOutboxRecord('old-key')).toBeUndefined());
    expect(await listOutboxRecords({ username: 'alice', kind: 'purchase' })).toEqual([]);
  });

  it('when an item of it is no longer sold, then it names it and does not offer to send it as it is', async () => {
    server.use(catalogueHandler(seedCatalogue((items) => items.filter((item) => item.id !== 'gun-glock'), 2)));
    await putOutboxRecord(refused);
    renderCard(refused);
    expect(await screen.findByRole('alert')).toHaveTextContent('No longer sold: Glock');
    expect(screen.getByRole('button', { name: /Send again/ })).toBeDisabled();
  });
});
