import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { CataloguePricesResponseJson as CataloguePricesResponse } from '../domain/schemas/catalogue';
import { whenCatalogueLoaded } from '../test/catalogue-fixture';
import { setupMswServer } from '../test/msw';
import { renderPage, signInTestUser } from '../test/render-page';
import { BuyScreen } from './buy-screen';

// jsdom draws no canvas: the chart's uPlot writes the points it was given on its box (src/test/uplot-stand-in.ts); the
// browser test draws it.

vi.setConfig({ testTimeout: 30_000 });
const server = setupMswServer();

const day = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * day).toISOString();
const prices: CataloguePricesResponse = {
  id: 'gun-ak-47',
  name: 'AK-47',
  price: 20,
  sellPrice: 18,
  history: [
    { at: ago(100), price: 16, sellPrice: 16 },
    { at: ago(40), price: 18, sellPrice: 18 },
    { at: ago(5), price: 20, sellPrice: 18 },
  ],
  sales: [
    { days: 30, soldCount: 7, medianPrice: 19 },
    { days: 90, soldCount: 21, medianPrice: 18 },
  ],
};

describe('the value card in the shop', () => {
  it('when the quantity question is open, then the item’s price history, sales over 30 or 90 days and valuation show', async () => {
    signInTestUser('value');
    server.use(
      http.get('/api/marketplace/credit/:u', () => HttpResponse.json({ balance: 0, entries: [] })),
      http.get('/api/catalogue/items/:id/prices', ({ params }) =>
        params.id === 'gun-ak-47' ? HttpResponse.json(prices) : HttpResponse.json({ message: 'Unknown' }, { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    const { queryClient } = renderPage(BuyScreen, '/buy');
    await whenCatalogueLoaded(queryClient);
    await user.click(await screen.findByRole('button', { name: /^Weapons & Ammo/ }));
    await user.click(screen.getByRole('button', { name: /^Guns/ }));
    await user.click(screen.getByRole('button', { name: 'AK-47, show price' }));
    await user.click(screen.getByRole('button', { name: /^AK-47, \$18\.00/ }));
    const dialog = await screen.findByRole('dialog', { name: 'How many would you like?' });
    await user.click(within(dialog).getByRole('button', { name: 'Price history & value' }));

    const card = await within(dialog).findByTestId('value-card');
    expect(within(card).getByTestId('sold-count')).toHaveTextContent('7');
    expect(within(card).getByTestId('median-price')).toHaveTextContent('$19.00');
    // 15% of the $18 table price: $2.70, or 27,000 Blockspin.
    expect(within(card).getByTestId('sell-valuation')).toHaveTextContent('$2.70 or 27,000 Blockspin');
    const chart = await within(card).findByTestId('price-chart');
    expect(chart).toHaveAttribute('aria-label', 'AK-47: price and what we pay over the last 30 days, 3 prices recorded');
    // The chart is drawn by an effect once its box is on screen: waited for, not assumed (a loaded CI run read it first).
    await waitFor(() => expect(chart).toHaveAttribute('data-points', '3'));

    await user.click(within(card).getByRole('button', { name: '90 days' }));
    expect(within(card).getByTestId('sold-count')).toHaveTextContent('21');
    expect(within(card).getByTestId('median-price')).toHaveTextContent('$18.00');
    await waitFor(() => expect(within(card).getByTestId('price-chart')).toHaveAttribute('data-points', '4'));
  });
});
