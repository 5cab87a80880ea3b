import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CreditAccountJson as CreditAccount, CreditReversalPreviewJson as CreditReversalPreview } from '@/domain/schemas/credit';
import { setupMswServer } from '@/test/msw';
import { AppProviders } from '@/test/providers';
import { StoreCredit } from './store-credit';

const server = setupMswServer();

const missed = {
  id: 71,
  amount: 19.31,
  kind: 'missed-drop',
  subjectType: 'purchase-request',
  subjectId: 12,
  reason: null,
  createdAt: '2026-11-20T15:00:00.000Z',
  createdBy: null,
} as const;

let counter = 0;
async function openReverse(account: CreditAccount, preview: CreditReversalPreview) {
  const username = `kim${++counter}`;
  let posts = 0;
  server.use(
    http.get(`/api/marketplace/credit/${username}`, () => HttpResponse.json(account)),
    http.get('/api/admin/credits/71/reversal', () => HttpResponse.json(preview)),
    http.post('/api/admin/credits/71/reverse', () => {
      posts += 1;
      return HttpResponse.json({ message: 'refused' }, { status: 409 });
    }),
  );
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <StoreCredit username={username} canReverse />
    </AppProviders>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Reverse credit' }));
  const dialog = within(screen.getByRole('alertdialog', { name: 'Reverse Store Credit' }));
  return { dialog, user, posts: () => posts };
}

describe('Reverse credit (issue 52.5: it promised "Take back $19.31" and refused after submitting)', () => {
  it('when the credit is all spent, then the dialog says so first and Reverse is off', async () => {
    const refusal = 'The player has already spent this credit, so there is nothing left to reverse';
    const { dialog, user, posts } = await openReverse({ balance: 0, entries: [missed] }, { credit: 19.31, amount: 0, refusal });
    expect(await dialog.findByText(refusal)).toBeInTheDocument();
    expect(dialog.queryByText(/Take back \$19\.31/)).toBeNull();
    const reverse = dialog.getByRole('button', { name: 'Reverse credit' });
    expect(reverse).toBeDisabled();
    await user.type(dialog.getByLabelText(/Reason/), 'Granted by mistake');
    await user.click(reverse);
    expect(posts()).toBe(0);
  });

  it('when part of it is spent, then the dialog offers only what is left', async () => {
    const { dialog } = await openReverse({ balance: 4.5, entries: [missed] }, { credit: 19.31, amount: 4.5, refusal: null });
    expect(await dialog.findByTestId('reverse-amount')).toHaveTextContent(
      'Take back $4.50 of the $19.31 credited (missed drop time, Request #12) from',
    );
    expect(dialog.getByTestId('reverse-amount')).toHaveTextContent('The player has spent the rest');
    expect(dialog.getByRole('button', { name: 'Reverse credit' })).toBeEnabled();
  });
});
