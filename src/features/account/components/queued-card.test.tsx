import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/components/theme';
import type { OutboxRecord } from '@/lib/db';
import type { OutboxView } from '@/lib/outbox/outbox-items';
import { getOutboxRecord, putOutboxRecord } from '@/lib/outbox/store';
import { QueuedCard } from './queued-card';
import { deleteTestDb } from '@/test/idb';

afterEach(async () => {
  vi.unstubAllGlobals();
  await deleteTestDb();
});

const failed: OutboxRecord = {
  id: 'key-1',
  kind: 'purchase',
  username: 'alice',
  payload: {},
  state: 'failed',
  error: 'Glock is not sold in Weapons',
  attempts: 1,
  createdAt: '2026-11-21T05:00:00.000Z',
  updatedAt: '2026-11-21T05:00:00.000Z',
};
const view = (record: OutboxRecord): OutboxView => ({ ...record, title: 'Glock', detail: '1 item · $2.00' });

describe('QueuedCard', () => {
  it("when an item failed, then it shows the server's message, and Retry puts it back in the queue", async () => {
    // The drain that Retry starts finds no network.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await putOutboxRecord(failed);
    render(
      <ThemeProvider theme={theme}>
        <QueuedCard item={view(failed)} />
      </ThemeProvider>,
    );
    const card = screen.getByTestId('queued-card');
    expect(card).toHaveAttribute('data-state', 'failed');
    expect(card).toHaveTextContent('Could not be sent. Glock is not sold in Weapons');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(async () => expect(await getOutboxRecord('key-1')).toMatchObject({ state: 'queued', error: undefined }));
  });

  it('when Discard is tapped twice, then the item leaves the outbox', async () => {
    await putOutboxRecord(failed);
    render(
      <ThemeProvider theme={theme}>
        <QueuedCard item={view(failed)} />
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(await getOutboxRecord('key-1')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Tap again to discard' }));
    await waitFor(async () => expect(await getOutboxRecord('key-1')).toBeUndefined());
  });

  it('when a sell waits, then its card shows the category label, quantity, payment and payout', () => {
    const record: OutboxRecord = { ...failed, id: 'key-2', kind: 'sell', state: 'queued', error: undefined };
    render(
      <ThemeProvider theme={theme}>
        <QueuedCard
          item={{
            ...record,
            title: 'AK-47',
            detail: 'Weapons & Ammo',
            facts: [
              { label: 'Quantity', value: '2' },
              { label: 'Payment', value: 'USD Cash' },
              { label: 'Amount', value: '$5.40 USD' },
            ],
          }}
        />
      </ThemeProvider>,
    );
    const card = screen.getByTestId('queued-card');
    expect(card).toHaveTextContent('Weapons & Ammo');
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect([value('Quantity'), value('Payment'), value('Amount')]).toEqual(['2', 'USD Cash', '$5.40 USD']);
  });

  it('when an item is being sent, then it offers no actions', () => {
    render(
      <ThemeProvider theme={theme}>
        <QueuedCard item={view({ ...failed, state: 'sending', error: undefined })} />
      </ThemeProvider>,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Sending now...')).toBeInTheDocument();
  });
});
