import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { seedItem } from '../test/catalogue-fixture';
import { cartStorageKey } from '../features/cart/api/cart-store';
import { lineForItem, type CartLine } from '../features/cart/lib/cart-lines';
import { kvSet } from '../lib/db';
import { setupMswServer } from '../test/msw';
import { renderPage, signInTestUser } from '../test/render-page';
import { BuyScreen } from './buy-screen';

vi.setConfig({ testTimeout: 30_000 });
const server = setupMswServer();

const ak = seedItem('AK-47');

async function openCartWith(lines: CartLine[], balance: number) {
  const username = signInTestUser('credit');
  await kvSet(cartStorageKey(username), lines);
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/marketplace/credit/:u', ({ params }) =>
      params.u === username ? HttpResponse.json({ balance, entries: [] }) : HttpResponse.json({ message: 'no' }, { status: 403 }),
    ),
    http.post('*/api/purchase-requests', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ id: 9 }, { status: 201 });
    }),
  );
  const user = userEvent.setup();
  renderPage(BuyScreen, '/buy');
  await user.click(await screen.findByRole('button', { name: /^Cart, / }));
  const dialog = await screen.findByRole('dialog', { name: 'Items Added for Purchase' });
  return { user, dialog, bodies };
}

describe('store credit in the cart', () => {
  it('shows the balance; ticking it shows the credit applied and the amount due, and the request asks to apply it', async () => {
    const { user, dialog, bodies } = await openCartWith([lineForItem(ak, 2)], 3.75);
    const credit = await within(dialog).findByRole('region', { name: 'Store credit' });
    const box = within(credit).getByRole('checkbox', { name: 'Use my store credit $3.75' });
    expect(box).not.toBeChecked();
    expect(credit).not.toHaveTextContent('Amount due');
    await user.click(box);
    expect(credit).toHaveTextContent('Store credit−$3.75');
    expect(credit).toHaveTextContent('Amount due$32.25');
    await user.click(within(dialog).getByRole('button', { name: 'Purchase — $32.25 due, $3.75 from credit' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm Purchase Request' });
    expect(confirm).toHaveTextContent('Amount due$32.25');
    await user.click(within(confirm).getByRole('button', { name: 'Send Request' }));
    await screen.findByRole('dialog', { name: 'Purchase Request Sent!' });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ totalPrice: 36, applyCredit: true });
  });

  it('when the credit covers the order, then nothing is due', async () => {
    const { user, dialog } = await openCartWith([lineForItem(ak, 1)], 50);
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Use my store credit $50.00' }));
    const credit = within(dialog).getByRole('region', { name: 'Store credit' });
    expect(credit).toHaveTextContent('Store credit−$18.00');
    expect(credit).toHaveTextContent('Amount due$0.00');
    // The button says what is due, not the total (issue 30 item 3).
    expect(within(dialog).getByRole('button', { name: 'Purchase — $0.00 due, $18.00 from credit' })).toBeEnabled();
  });

  it('when the box is left unticked, then the request does not ask for credit', async () => {
    const { user, dialog, bodies } = await openCartWith([lineForItem(ak, 1)], 3.75);
    await within(dialog).findByRole('region', { name: 'Store credit' });
    await user.click(within(dialog).getByRole('button', { name: 'Purchase $18.00' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm Purchase Request' });
    expect(confirm).not.toHaveTextContent('Amount due');
    await user.click(within(confirm).getByRole('button', { name: 'Send Request' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('applyCredit');
  });

  it('with no credit, then the cart shows no credit choice', async () => {
    const { dialog } = await openCartWith([lineForItem(ak, 1)], 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(within(dialog).queryByRole('region', { name: 'Store credit' })).not.toBeInTheDocument();
  });
});
