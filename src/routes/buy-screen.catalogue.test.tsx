import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../components/toast-store';
import { cartStorageKey } from '../features/cart/api/cart-store';
import { lineForItem, type CartLine } from '../features/cart/lib/cart-lines';
import { kvGet, kvSet } from '../lib/db';
import { catalogueHandler, patchItems, seedCatalogue, seedItem, whenCatalogueLoaded } from '../test/catalogue-fixture';
import { appSocket, setupMswServer } from '../test/msw';
import { renderPage, signInTestUser } from '../test/render-page';
import { BuyScreen } from './buy-screen';

// The machine is shared: give slow runs room instead of failing on timing.
vi.setConfig({ testTimeout: 30_000 });
const server = setupMswServer();

afterEach(() => resetToasts());

async function openShop() {
  const username = signInTestUser('catalogue');
  server.use(http.get('/api/marketplace/credit/:u', () => HttpResponse.json({ balance: 0, entries: [] })));
  const user = userEvent.setup();
  const { queryClient } = renderPage(BuyScreen, '/buy');
  await whenCatalogueLoaded(queryClient);
  return { user, username };
}

/** The server's socket says the catalogue changed (DESIGN.md §14). */
const announce = (version: number) => act(() => appSocket.broadcast(JSON.stringify({ type: 'CATALOGUE_UPDATE', payload: { version } })));

describe('the shop reads the server’s catalogue', () => {
  it('when an item is sold out, then it says so and cannot be added; with few left, it says how many and caps the quantity', async () => {
    server.use(catalogueHandler(seedCatalogue(patchItems({ 'consumable-grenade': { stock: 0 }, 'consumable-molotov': { stock: 2 } }))));
    const { user } = await openShop();
    await user.click(screen.getByRole('button', { name: /^Equipment & Consumables/ }));

    const grenade = screen.getByRole('button', { name: /^Grenade, \$0\.20, Sold out/ });
    expect(grenade).toHaveAttribute('aria-disabled', 'true');
    await user.click(grenade);
    await user.click(grenade);
    expect(screen.queryByRole('dialog')).toBeNull();

    const molotov = screen.getByRole('button', { name: 'Molotov, Only 2 left, show price' });
    expect(within(molotov).getByTestId('stock-note')).toHaveTextContent('Only 2 left');
    await user.click(molotov);
    await user.click(screen.getByRole('button', { name: /^Molotov, \$0\.18/ }));
    const dialog = await screen.findByRole('dialog', { name: 'How many would you like?' });
    expect(within(dialog).getByText('Only 2 left. From 1 to 2.')).toBeInTheDocument();
    const field = within(dialog).getByRole('spinbutton');
    await user.clear(field);
    await user.type(field, '3');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('You can add at most 2 more');
    expect(within(dialog).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  it('when the socket says the catalogue changed, then the open shop shows the new price without a reload', async () => {
    const { user } = await openShop();
    await user.click(screen.getByRole('button', { name: /^Equipment & Consumables/ }));
    await user.click(screen.getByRole('button', { name: 'First Aid Kit, show price' }));
    expect(screen.getByRole('button', { name: /^First Aid Kit, \$0\.69/ })).toBeInTheDocument();

    server.use(catalogueHandler(seedCatalogue(patchItems({ 'consumable-first-aid-kit': { price: 0.89, stock: 1 } }), 2)));
    announce(2);
    expect(await screen.findByRole('button', { name: /^First Aid Kit, \$0\.89, Only 1 left/ })).toBeInTheDocument();
  });

  it('when a price moved since a line was added, then the cart shows old → new and the total at the new price', async () => {
    const username = signInTestUser('moved');
    await kvSet(cartStorageKey(username), [lineForItem(seedItem('AK-47'), 2)]);
    server.use(
      http.get('/api/marketplace/credit/:u', () => HttpResponse.json({ balance: 0, entries: [] })),
      catalogueHandler(seedCatalogue(patchItems({ 'gun-ak-47': { price: 20 } }), 2)),
    );
    const user = userEvent.setup();
    renderPage(BuyScreen, '/buy');
    await user.click(await screen.findByRole('button', { name: 'Cart, 1 item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Items Added for Purchase' });
    await waitFor(() => expect(within(dialog).getByTestId('line-price-moved')).toHaveTextContent('Price changed: $18.00 → $20.00'));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Prices have changed since you added some items');
    expect(within(dialog).getByRole('button', { name: 'Purchase $40.00' })).toBeEnabled();
  });

  it('when the server answers 409 for stock, then its message names the item and what is left, and the cart keeps the lines', async () => {
    const username = signInTestUser('stock');
    await kvSet(cartStorageKey(username), [lineForItem(seedItem('AK-47'), 3)]);
    server.use(
      http.get('/api/marketplace/credit/:u', () => HttpResponse.json({ balance: 0, entries: [] })),
      http.post('/api/purchase-requests', () =>
        HttpResponse.json(
          {
            message: 'Only 1 AK-47 left',
            unavailable: [{ id: 'gun-ak-47', name: 'AK-47', category: 'Weapons', status: 'active', available: 1, requested: 3 }],
          },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage(BuyScreen, '/buy');
    await user.click(await screen.findByRole('button', { name: 'Cart, 1 item' }));
    await user.click(await screen.findByRole('button', { name: 'Purchase $54.00' }));
    // The catalogue read after the refusal says what is left.
    server.use(catalogueHandler(seedCatalogue(patchItems({ 'gun-ak-47': { stock: 1 } }), 2)));
    await user.click(await screen.findByRole('button', { name: 'Send Request' }));
    const failed = await screen.findByRole('alertdialog', { name: 'Request Failed' });
    expect(within(failed).getByTestId('purchase-failure-reason')).toHaveTextContent('Reason: Only 1 AK-47 left');
    expect(await kvGet<CartLine[]>(cartStorageKey(username))).toEqual([lineForItem(seedItem('AK-47'), 3)]);
    await user.click(within(failed).getByRole('button', { name: 'Back to Cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Items Added for Purchase' });
    expect(within(dialog).getByText('AK-47')).toBeInTheDocument();
    expect(await within(dialog).findByTestId('line-problem')).toHaveTextContent('Only 1 left. Lower it to send.');
    expect(within(dialog).getByRole('button', { name: 'Purchase $54.00' })).toBeDisabled();
  });
});
