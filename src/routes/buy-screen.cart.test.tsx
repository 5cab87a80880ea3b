import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupMswServer } from '../test/msw';
import { seedItem } from '../test/catalogue-fixture';
import { kvGet, kvSet } from '../lib/db';
import { resetToasts } from '../components/toast-store';
import { BuyScreen } from './buy-screen';
import { renderPage, signInTestUser } from '../test/render-page';
import { cartStorageKey } from '../features/cart/api/cart-store';
import { lineForItem, type CartLine, type StoredLine } from '../features/cart/lib/cart-lines';
import { MAX_QUANTITY } from '../domain/quantity';

// The machine is shared: give slow runs room instead of failing on timing.
vi.setConfig({ testTimeout: 30_000 });

const server = setupMswServer();
afterEach(() => {
  resetToasts();
});

const ak = seedItem('AK-47');
const glock = seedItem('Glock');
const wrench = seedItem('Wrench');
const rifleAmmo = seedItem('Rifle Ammo');

async function openCartWith(lines: StoredLine[], contactEmail: string | null = null) {
  const username = signInTestUser('cart', contactEmail);
  await kvSet(cartStorageKey(username), lines);
  server.use(http.get('/api/marketplace/credit/:u', () => HttpResponse.json({ balance: 0, entries: [] })));
  const user = userEvent.setup();
  renderPage(BuyScreen, '/buy');
  await user.click(await screen.findByRole('button', { name: `Cart, ${lines.length} ${lines.length === 1 ? 'item' : 'items'}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Items Added for Purchase' });
  return { username, user, dialog };
}

describe('cart dialog', () => {
  it('when the cart is empty, then it says so and Purchase is disabled', async () => {
    const { dialog } = await openCartWith([]);
    expect(within(dialog).getByText('No items in your purchase list')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Purchase $0.00' })).toBeDisabled();
  });

  it('when lines are in the cart, then they are grouped with Weapons first and the total is on the Purchase button', async () => {
    const { dialog } = await openCartWith([lineForItem(rifleAmmo, 100), lineForItem(ak, 1), lineForItem(wrench, 2)]);
    const groups = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(groups).toEqual(['Weapons', 'Ammo']);
    const weapons = within(dialog).getByRole('region', { name: 'Weapons' });
    expect(within(weapons).getByText('AK-47')).toBeInTheDocument();
    expect(within(weapons).getByText('Wrench')).toBeInTheDocument();
    // 100 × 0.05 + 18 + 2 × 2 = 27
    expect(within(dialog).getByRole('button', { name: 'Purchase $27.00' })).toBeEnabled();
    expect(within(dialog).getByTestId('cart-list')).toHaveStyle({ maxHeight: '16rem', overflowY: 'auto' });
  });

  it("when the saved cart carries an old price, then the cart shows and sends today's price", async () => {
    let received: { totalPrice?: number; items?: Array<{ price: string }> } | null = null;
    server.use(
      http.post('*/api/purchase-requests', async ({ request }) => {
        received = (await request.json()) as typeof received;
        return HttpResponse.json({ id: 8 }, { status: 201 });
      }),
    );
    // As the cart was stored before prices were kept in cents: the price a '$1.50' text.
    const { id, name, category, quantity, subcategory } = lineForItem(glock, 2);
    const { dialog, user } = await openCartWith([{ id, name, category, quantity, subcategory, price: '$1.50' }]);
    expect(within(dialog).getByText('2 × $2.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Purchase $4.00' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Confirm Purchase Request' })).getByRole('button', { name: 'Send Request' }),
    );
    await screen.findByRole('dialog', { name: 'Purchase Request Sent!' });
    expect(received).toMatchObject({ totalPrice: 4, items: [{ price: '$2.00' }] });
  });

  it('when the stepper is used, then the quantity changes by one, never below 1, and is saved', async () => {
    const { dialog, user, username } = await openCartWith([lineForItem(glock, 2)]);
    const minus = within(dialog).getByRole('button', { name: 'Decrease Glock' });
    await user.click(minus);
    expect(within(dialog).getByTestId('line-quantity')).toHaveTextContent('1');
    expect(minus).toBeDisabled();
    await user.click(minus);
    expect(within(dialog).getByTestId('line-quantity')).toHaveTextContent('1');
    await user.click(within(dialog).getByRole('button', { name: 'Increase Glock' }));
    await user.click(within(dialog).getByRole('button', { name: 'Increase Glock' }));
    expect(within(dialog).getByTestId('line-quantity')).toHaveTextContent('3');
    expect(within(dialog).getByTestId('line-price')).toHaveTextContent('$6.00');
    expect(within(dialog).getByRole('button', { name: 'Purchase $6.00' })).toBeInTheDocument();
    await waitFor(async () => expect((await kvGet<CartLine[]>(cartStorageKey(username)))?.[0].quantity).toBe(3));
  });

  it('when remove is tapped, then it asks first; Cancel keeps the line and Remove deletes it', async () => {
    const { dialog, user } = await openCartWith([lineForItem(glock, 1), lineForItem(ak, 1)]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Glock' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove item' });
    expect(within(confirm).getByText('Are you sure you want to remove Glock from your cart?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).getByText('Glock')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Glock' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Remove item' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(dialog).queryByText('Glock')).not.toBeInTheDocument());
    expect(within(dialog).getByRole('button', { name: 'Purchase $18.00' })).toBeInTheDocument();
  });
});

describe('purchase request', () => {
  it('when the server accepts it, then Submitting... shows, the body is right, success shows and the cart is emptied', async () => {
    let received: Record<string, unknown> | null = null;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*/api/purchase-requests', async ({ request }) => {
        received = (await request.json()) as Record<string, unknown>;
        await gate;
        return HttpResponse.json({ id: 7 }, { status: 201 });
      }),
    );
    const { dialog, user, username } = await openCartWith([lineForItem(ak, 2), lineForItem(rifleAmmo, 3)], 'me@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Purchase $36.15' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm Purchase Request' });
    const send = within(confirm).getByRole('button', { name: 'Send Request' });
    await user.click(send);
    const submitting = await within(confirm).findByRole('button', { name: 'Submitting...' });
    expect(submitting).toBeDisabled();
    await user.click(submitting);
    release();
    const sent = await screen.findByRole('dialog', { name: 'Purchase Request Sent!' });
    expect(received).toMatchObject({
      requesterName: username,
      totalPrice: 36.15,
      contactEmail: 'me@example.com',
      items: [
        { id: ak.id, name: 'AK-47', category: 'Weapons', price: '$18.00', quantity: 2, subcategory: 'guns' },
        { id: rifleAmmo.id, name: 'Rifle Ammo', category: 'Ammo', price: '$0.05', quantity: 3, subcategory: 'ammo' },
      ],
    });
    expect(new Date(String(received!.requestedAt)).toISOString()).toBe(received!.requestedAt);
    expect(await kvGet<CartLine[]>(cartStorageKey(username))).toEqual([]);
    await user.click(within(sent).getByRole('button', { name: 'Got it!' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
  });

  it('when the server refuses the request itself, then Request Failed shows its reason and goes back to the cart instead of repeating it', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/purchase-requests', () => {
        calls += 1;
        return HttpResponse.json({ message: 'Prices have changed' }, { status: 409 });
      }),
    );
    const { dialog, user, username } = await openCartWith([lineForItem(glock, 1)]);
    await user.click(within(dialog).getByRole('button', { name: 'Purchase $2.00' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Confirm Purchase Request' })).getByRole('button', { name: 'Send Request' }),
    );
    const failed = await screen.findByRole('alertdialog', { name: 'Request Failed' });
    expect(
      within(failed).getByText('The request was not accepted, and sending it again unchanged would fail the same way.'),
    ).toBeInTheDocument();
    expect(within(failed).getByTestId('purchase-failure-reason')).toHaveTextContent('Reason: Prices have changed');
    expect(within(failed).queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(calls).toBe(1);
    expect(await kvGet<CartLine[]>(cartStorageKey(username))).toHaveLength(1);
    await user.click(within(failed).getByRole('button', { name: 'Back to Cart' }));
    expect(await screen.findByRole('dialog', { name: 'Items Added for Purchase' })).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('when a line holds more than the server takes, then the cart says so and Purchase waits until it is lowered', async () => {
    const { dialog, user } = await openCartWith([lineForItem(rifleAmmo, MAX_QUANTITY + 1)]);
    expect(within(dialog).getByText('Too many: one request takes at most 1,000,000 of an item. Lower it to send.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Increase Rifle Ammo' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: /^Purchase/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Decrease Rifle Ammo' }));
    expect(within(dialog).getByTestId('line-quantity')).toHaveTextContent('1,000,000');
    expect(within(dialog).getByText('Maximum reached: 1,000,000 per request')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Increase Rifle Ammo' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: /^Purchase/ })).toBeEnabled();
  });

  it('when the server refuses a line, then Request Failed shows the server reason and goes back to the cart', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/purchase-requests', () => {
        calls += 1;
        return HttpResponse.json(
          {
            message: 'Quantity must be at most 1,000,000',
            issues: [{ path: 'items.0.quantity', message: 'Quantity must be at most 1,000,000' }],
          },
          { status: 400 },
        );
      }),
    );
    const { dialog, user } = await openCartWith([lineForItem(rifleAmmo, MAX_QUANTITY)]);
    await user.click(within(dialog).getByRole('button', { name: /^Purchase/ }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Confirm Purchase Request' })).getByRole('button', { name: 'Send Request' }),
    );
    const failed = await screen.findByRole('alertdialog', { name: 'Request Failed' });
    expect(within(failed).getByTestId('purchase-failure-reason')).toHaveTextContent('Reason: Quantity must be at most 1,000,000');
    await user.click(within(failed).getByRole('button', { name: 'Back to Cart' }));
    expect(await screen.findByRole('dialog', { name: 'Items Added for Purchase' })).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('when the network is down, then the request is queued in the outbox and the user is told it will be sent when back online', async () => {
    server.use(http.post('*/api/purchase-requests', () => HttpResponse.error()));
    const { dialog, user, username } = await openCartWith([lineForItem(glock, 1)]);
    await user.click(within(dialog).getByRole('button', { name: 'Purchase $2.00' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Confirm Purchase Request' })).getByRole('button', { name: 'Send Request' }),
    );
    const queued = await screen.findByRole('dialog', { name: 'Purchase Request Queued' });
    expect(queued).toHaveTextContent("It will be sent automatically when you're back online.");
    // The items now live in the outbox, so the cart does not offer them a second time.
    expect(await kvGet<CartLine[]>(cartStorageKey(username))).toEqual([]);
  });

  it('when the device is offline, then the confirmation says the request will be queued and it is queued', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { dialog, user, username } = await openCartWith([lineForItem(glock, 1)]);
      await user.click(within(dialog).getByRole('button', { name: 'Purchase $2.00' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Confirm Purchase Request' });
      expect(within(confirm).getByRole('note')).toHaveTextContent(
        "You're offline. Your request will be saved on this device and sent automatically when you're back online.",
      );
      await user.click(within(confirm).getByRole('button', { name: 'Send Request' }));
      expect(await screen.findByRole('dialog', { name: 'Purchase Request Queued' })).toBeInTheDocument();
      expect(await kvGet<CartLine[]>(cartStorageKey(username))).toEqual([]);
    } finally {
      onLine.mockRestore();
    }
  });

  it('when no user is stored, then it asks to log in and sends nothing', async () => {
    const { dialog, user } = await openCartWith([lineForItem(glock, 1)]);
    localStorage.clear();
    await user.click(within(dialog).getByRole('button', { name: 'Purchase $2.00' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm Purchase Request' });
    await user.click(within(confirm).getByRole('button', { name: 'Send Request' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('Please log in to make a purchase request');
  });
});
