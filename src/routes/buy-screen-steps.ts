import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { resetToasts } from '../components/toast-store';
import { whenCatalogueLoaded } from '../test/catalogue-fixture';
import { setupMswServer } from '../test/msw';
import { renderPage, signInTestUser } from '../test/render-page';
import { BuyScreen } from './buy-screen';

// The shared steps of the shop's tests (buy-screen.test.tsx, buy-screen.custom-cash.test.tsx).

/**
 * The file's server (one per file); no toast and no fake clock is left after a test. The machine is shared: slow runs
 * get room (30 s a test) instead of failing on timing.
 */
export function setupShopScreen() {
  vi.setConfig({ testTimeout: 30_000 });
  const server = setupMswServer();
  afterEach(() => {
    resetToasts();
    vi.useRealTimers();
  });
  return server;
}

/** A signed-in player on the shop, its sections filled from the catalogue. */
export async function openShop() {
  const username = signInTestUser('shop');
  const user = userEvent.setup();
  const { queryClient } = renderPage(BuyScreen, '/buy');
  await screen.findByRole('heading', { name: 'Shop' });
  // The sections' contents show once the catalogue has answered.
  await whenCatalogueLoaded(queryClient);
  return { user, username };
}

/** A shop section's header button. */
export const section = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
