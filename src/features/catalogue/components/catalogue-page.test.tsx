import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/toast-store';
import type { CatalogueEntryJson, UpdateCatalogueItemJson } from '@/domain/schemas/catalogue';
import { setCurrentUser } from '@/lib/current-user';
import { catalogueHandler, patchItems, SEED_ITEMS, seedCatalogue } from '@/test/catalogue-fixture';
import { setupMswServer } from '@/test/msw';
import { renderPage } from '@/test/render-page';
import { CataloguePage } from './catalogue-page';

vi.setConfig({ testTimeout: 30_000 });
const server = setupMswServer();
afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

let counter = 0;
function signIn(superAdmin: boolean) {
  counter += 1;
  setCurrentUser({
    username: `boss${counter}${Date.now().toString(36)}`,
    contactEmail: null,
    ps5Username: null,
    robloxUsername: 'rob',
    isAdmin: true,
    isSuperAdmin: superAdmin,
  });
}

/** Records each PATCH and answers the item changed (version + 1). */
function acceptPatches() {
  const patches: Array<{ id: string; body: UpdateCatalogueItemJson; key: string | null }> = [];
  server.use(
    http.patch('/api/admin/catalogue/items/:id', async ({ request, params }) => {
      const body = (await request.json()) as UpdateCatalogueItemJson;
      const id = String(params.id);
      patches.push({ id, body, key: request.headers.get('Idempotency-Key') });
      const item = SEED_ITEMS.find((entry) => entry.id === id)!;
      const { reason: _reason, expectedVersion, ...change } = body;
      return HttpResponse.json({ ...item, ...change, version: expectedVersion + 1 } satisfies CatalogueEntryJson);
    }),
  );
  return patches;
}

async function openGrid(superAdmin: boolean) {
  signIn(superAdmin);
  const user = userEvent.setup();
  renderPage(CataloguePage, '/catalogue');
  await screen.findByRole('row', { name: 'AK-47' });
  return user;
}

const row = (name: string) => screen.getByRole('row', { name });

describe('the catalogue screen', () => {
  it('when the super admin types a new price with a reason, then it is saved with the version seen, and Undo within 10 s puts it back', async () => {
    const patches = acceptPatches();
    const user = await openGrid(true);
    await user.type(screen.getByLabelText('Reason for changes'), 'Demand is up');
    const price = within(row('AK-47')).getByLabelText('Price of AK-47');
    expect(price).toHaveValue('18.00');
    await user.clear(price);
    await user.type(price, '20{Enter}');
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ id: 'gun-ak-47', body: { price: 20, reason: 'Demand is up', expectedVersion: 1 } });
    // Sent under an Idempotency-Key (a replay after a lost answer changes the item once).
    expect(patches[0].key).toMatch(/^[0-9a-f-]{36}$/);
    const toast = await screen.findByText('AK-47: price $20.00');
    expect(price).toHaveValue('20.00');

    await user.click(within(toast.closest('li')!).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toMatchObject({ id: 'gun-ak-47', body: { price: 18, reason: 'Undo: Demand is up', expectedVersion: 2 } });
    // The Undo is a change of its own, under its own key.
    expect(patches[1].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(patches[1].key).not.toBe(patches[0].key);
    await waitFor(() => expect(price).toHaveValue('18.00'));
  });

  it('when no reason is given, then nothing is sent and the reason field says why', async () => {
    const patches = acceptPatches();
    const user = await openGrid(true);
    const stock = within(row('Glock')).getByLabelText('Stock of Glock');
    await user.type(stock, '4{Enter}');
    expect(await screen.findByText('Say why first: the reason is saved with every change.', { selector: 'small' })).toBeInTheDocument();
    expect(screen.getByLabelText('Reason for changes')).toHaveFocus();
    expect(patches).toEqual([]);
  });

  it('when an admin (not the super admin) opens it, then only stock and status can change, and Sold out is one tap', async () => {
    const patches = acceptPatches();
    const user = await openGrid(false);
    expect(screen.queryByRole('button', { name: 'Add item' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
    expect(within(row('AK-47')).getByLabelText('Price of AK-47')).toBeDisabled();
    expect(within(row('AK-47')).getByLabelText('Sell price of AK-47')).toBeDisabled();
    await user.type(screen.getByLabelText('Reason for changes'), 'Drop at 8 pm');
    await user.click(within(row('AK-47')).getByRole('button', { name: 'Mark AK-47 sold out' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0].body).toEqual({ stock: 0, reason: 'Drop at 8 pm', expectedVersion: 1 });
    await user.selectOptions(within(row('Glock')).getByLabelText('Status of Glock'), 'hidden');
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1].body).toEqual({ status: 'hidden', reason: 'Drop at 8 pm', expectedVersion: 1 });
  });

  it('when someone else changed the item first, then the 409 says who and when, and the grid shows the item as it is now', async () => {
    server.use(
      http.patch('/api/admin/catalogue/items/:id', () =>
        HttpResponse.json(
          {
            message: 'AK-47 was changed by dave',
            current: { version: 3, actorName: 'dave', at: '2026-11-28T20:01:00.000Z' },
            item: { ...SEED_ITEMS.find((entry) => entry.id === 'gun-ak-47')!, price: 25, version: 3 },
          },
          { status: 409 },
        ),
      ),
    );
    const user = await openGrid(true);
    await user.type(screen.getByLabelText('Reason for changes'), 'Demand');
    const price = within(row('AK-47')).getByLabelText('Price of AK-47');
    await user.clear(price);
    await user.type(price, '20{Enter}');
    expect(await screen.findByText(/AK-47 was changed by dave at/)).toBeInTheDocument();
    await waitFor(() => expect(price).toHaveValue('25.00'));
  });

  it('when a column is pasted into a cell, then it and the cells below take the lines, in one change with one Undo', async () => {
    const patches = acceptPatches();
    const user = await openGrid(true);
    await user.type(screen.getByLabelText('Reason for changes'), 'Restock');
    await user.type(screen.getByLabelText('Search items'), 'pot');
    const first = within(row('Golden Pot')).getByLabelText('Stock of Golden Pot');
    fireEvent.paste(first, { clipboardData: { getData: () => '5\n7\n' } });
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches.map((patch) => [patch.id, patch.body.stock])).toEqual([
      ['farming-golden-pot', 5],
      ['farming-diamond-pot', 7],
    ]);
    expect(await screen.findByText('2 items changed')).toBeInTheDocument();
  });

  it('when a player opens it, then it says only admins can, and shows no item to edit', async () => {
    setCurrentUser({
      username: `plain${Date.now().toString(36)}`,
      contactEmail: null,
      ps5Username: null,
      robloxUsername: 'rob',
      isAdmin: false,
      isSuperAdmin: false,
    });
    renderPage(CataloguePage, '/catalogue');
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins can open the catalogue.');
    expect(screen.queryByRole('row')).toBeNull();
  });

  it('when filtering by search, status and stock, then only those items show', async () => {
    server.use(
      catalogueHandler(seedCatalogue(patchItems({ 'gun-glock': { stock: 0 }, 'gun-rpg': { status: 'hidden' }, 'gun-mp5': { stock: 2 } }))),
    );
    const user = await openGrid(true);
    await user.click(screen.getByRole('button', { name: /^Sold out/ }));
    expect(
      screen
        .getAllByRole('row')

        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['Glock']);
    await user.click(screen.getByRole('button', { name: /^Low stock/ }));
    expect(
      screen
        .getAllByRole('row')

        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['MP5']);
    await user.click(screen.getByRole('button', { name: /^Any stock/ }));
    await user.click(screen.getByRole('button', { name: /^Hidden/ }));
    expect(
      screen
        .getAllByRole('row')

        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['RPG']);
    await user.click(screen.getByRole('button', { name: /^All$/ }));
    await user.type(screen.getByLabelText('Search items'), 'zzz');
    expect(screen.getByText('No items match.')).toBeInTheDocument();
  });
});
