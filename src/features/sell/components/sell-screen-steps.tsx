import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import { resetToasts } from '@/components/toast-store';
import type { setupMswServer } from '@/test/msw';
import { renderPage, signInTestUser } from '@/test/render-page';
import { SellPage } from './sell-page';

// The sell screen's tests' shared steps. Each test file mocks '@/lib/photo/resize-photo' itself (a mock is per file)
// and hands its resize function here.

/** Before each test: photos resize to a small JPEG and preview URLs are stand-ins; after it, no toast is left. */
export function prepareSellScreen(resize: Mock) {
  beforeEach(() => {
    resize.mockReset();
    resize.mockImplementation(async () => ({
      blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }),
      width: 1200,
      height: 800,
    }));
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    resetToasts();
  });
}

export async function openSell() {
  const username = signInTestUser('seller');
  // The file inputs are invisible (the menu opens them); pointer checks would refuse them.
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  renderPage(SellPage, '/sell');
  await screen.findByRole('heading', { name: 'Sell an Item' });
  return { user, username };
}

export async function choosePhoto(user: ReturnType<typeof userEvent.setup>) {
  const file = new File([new Uint8Array([1, 2, 3])], 'item.jpg', { type: 'image/jpeg' });
  await user.upload(screen.getByTestId('gallery-input'), file);
  await screen.findByRole('heading', { name: 'Submit My Item' });
  return file;
}

export const press = (user: ReturnType<typeof userEvent.setup>, group: string, name: string) =>
  user.click(within(screen.getByRole('group', { name: group })).getByRole('button', { name }));

/** What a Submission Incomplete dialog lists. */
export const missingListed = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

/** Counts the submissions the server receives (each accepted): the answer says how many so far. */
export function countSubmissions(server: ReturnType<typeof setupMswServer>) {
  let calls = 0;
  server.use(
    http.post('*/api/item-submissions', () => {
      calls += 1;
      return HttpResponse.json({ id: 1 }, { status: 201 });
    }),
  );
  return () => calls;
}
