import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { data, serveAdminApi, server } from '../testing/admin-server';
import { makePickup, makeSubmission } from '../testing/fixtures';
import { renderAdminControl } from '../testing/render-admin';
import { QUEUED_ADMIN_TITLE } from '@/components/admin-action-feedback';
import { getToasts, subscribeToasts } from '@/components/toast-store';
import { listOutboxRecords } from '@/lib/outbox/store';

// Denied & Paid Submissions, Scheduled pickups and Collected.
vi.mock('@/lib/socket', () => import('../testing/socket-mock'));
serveAdminApi();

describe('Denied & Paid Submissions', () => {
  it('shows denied submissions and paid pickups in two columns, with No Paid Submissions when none is paid', async () => {
    data.submissions = [
      makeSubmission({ ps5Name: 'Old hat', status: 'rejected', rejectedAt: '2026-03-02T10:00:00.000Z' }),
      makeSubmission({ ps5Name: 'Pending thing' }),
    ];
    data.pickups = [makePickup(makeSubmission({ ps5Name: 'Unpaid axe' }), { completed: true, collectedAt: '2026-03-05T00:00:00.000Z' })];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: 'Denied' }));
    const denied = within(await screen.findByRole('region', { name: 'Denied' }));
    expect(denied.getByRole('button', { name: /Old hat/ })).toBeInTheDocument();
    expect(denied.queryByText(/Pending thing/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Paid' })).getByText('No Paid Submissions')).toBeInTheDocument();
    expect(screen.queryByText(/Unpaid axe/)).not.toBeInTheDocument();
    await user.click(denied.getByRole('button', { name: /Old hat/ }));
    const contact = within(screen.getByRole('dialog', { name: 'Submission Details & Contact' }));
    expect(contact.getByText('Old hat')).toBeInTheDocument();
    expect(await contact.findByText('No Contact Information Available')).toBeInTheDocument();
  });
});

describe("Denied & Paid Submissions, the columns' order (issue 52.5)", () => {
  it.each(['Denied', 'Paid'])(
    'when opened from %s, then the columns read Denied then Paid, as the tile does; from Paid, the Paid column is scrolled to',
    async (side) => {
      data.submissions = [makeSubmission({ ps5Name: 'Old hat', status: 'rejected', rejectedAt: '2026-03-02T10:00:00.000Z' })];
      data.pickups = [];
      // jsdom has no scrollIntoView: a stand-in records what was scrolled to.
      const scrolled: string[] = [];
      const original = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = function (this: Element) {
        scrolled.push(this.getAttribute('aria-labelledby') ?? this.tagName);
      };
      try {
        const user = userEvent.setup();
        renderAdminControl();
        const tile = screen.getByRole('group', { name: 'Denied and Paid' });
        expect(
          within(tile)
            .getAllByRole('button')
            .map((button) => button.textContent?.trim()),
        ).toEqual(['Denied', 'Paid']);
        await user.click(within(tile).getByRole('button', { name: side }));
        await screen.findByRole('region', { name: 'Paid' });
        expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Denied', 'Paid']);
        expect(scrolled).toEqual(side === 'Paid' ? ['paid-heading'] : []);
      } finally {
        Element.prototype.scrollIntoView = original;
      }
    },
  );
});

describe('Denied & Paid Submissions, a paid entry', () => {
  it('when a paid entry is opened, then its details say paid with the pickup, collection and payment, not scheduled', async () => {
    const sold = makeSubmission({ ps5Name: 'Rare hat', robloxName: 'other', paymentMethod: 'usd' });
    data.submissions = [{ ...sold, status: 'scheduled' }];
    data.pickups = [
      makePickup(sold, {
        completed: true,
        completedAt: '2026-03-07T16:30:00.000Z',
        collectedAt: '2026-03-07T16:30:00.000Z',
        paid: true,
        paidAt: '2026-03-08T09:00:00.000Z',
        agreedPrice: 12.5,
      }),
    ];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: 'Paid' }));
    await user.click(within(await screen.findByRole('region', { name: 'Paid' })).getByRole('button', { name: /Rare hat/ }));
    const details = within(screen.getByRole('dialog', { name: 'Submission Details & Contact' }));
    const value = (label: string) => details.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Status')).toBe('paid');
    expect(value('Pickup')).toBe('3/7/2026 at 4:05 PM');
    expect(value('Collected')).toMatch(/2026/);
    expect(value('Paid')).toMatch(/2026/);
    expect(value('Price')).toBe('$12.50 USD (agreed)');
    expect(details.queryByText('scheduled')).not.toBeInTheDocument();
  });
});

describe('Pickups', () => {
  it('while the pickups load, Scheduled pickups and Collected read Loading submissions...', async () => {
    server.use(http.get('/api/scheduled-pickups', () => new Promise<never>(() => {})));
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: 'Scheduled pickups' }));
    expect(screen.getByText('Loading submissions...')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Admin Control' }));
    await user.click(screen.getByRole('button', { name: 'Collected' }));
    expect(screen.getByText('Loading submissions...')).toBeInTheDocument();
  });

  it('Mark Collected asks Only select yes if you have collected, then Paid asks Payment Confirmation', async () => {
    const sold = makeSubmission({ ps5Name: 'Axe', paymentMethod: null });
    const pickup = makePickup(sold);
    data.submissions = [{ ...sold, status: 'scheduled' }];
    data.pickups = [pickup];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: 'Scheduled pickups' }));
    const card = await screen.findByRole('listitem', { name: 'Axe' });
    expect(within(card).getByText('Price TBD')).toBeInTheDocument();
    expect(within(card).getByText('3/7/2026 at 4:05 PM')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Mark Collected' }));
    const confirm = within(screen.getByRole('alertdialog', { name: 'Confirm Collection' }));
    expect(confirm.getByText("Only select yes if you've collected")).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('No pending pickups')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Admin Control' }));
    await user.click(screen.getByRole('button', { name: 'Collected' }));
    await user.click(within(await screen.findByRole('listitem', { name: 'Axe' })).getByRole('button', { name: 'Paid' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Payment Confirmation' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('No collected items')).toBeInTheDocument();
    expect(data.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `PATCH /api/scheduled-pickups/${pickup.id}/complete`,
      `PATCH /api/scheduled-pickups/${pickup.id}/paid`,
    ]);
    await user.click(screen.getByRole('button', { name: 'Back to Admin Control' }));
    await user.click(screen.getByRole('button', { name: 'Paid' }));
    expect(await screen.findByText('No Rejected Submissions')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /Axe/ }));
    expect(screen.getByRole('dialog', { name: 'Submission Details & Contact' })).toBeInTheDocument();
  });

  it('alerts Failed to mark as collected / as paid on a refusal, and keeps the action to send later on a network error', async () => {
    const sold = makeSubmission({ ps5Name: 'Axe' });
    data.pickups = [
      makePickup(sold),
      makePickup(makeSubmission({ ps5Name: 'Shovel' }), { completed: true, collectedAt: '2026-03-05T00:00:00.000Z' }),
    ];
    server.use(
      http.patch('/api/scheduled-pickups/:id/complete', () => HttpResponse.json({ message: 'no' }, { status: 409 })),
      http.patch('/api/scheduled-pickups/:id/paid', () => HttpResponse.error()),
    );
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: 'Scheduled pickups' }));
    await user.click(await screen.findByRole('button', { name: 'Mark Collected' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Confirm Collection' })).getByRole('button', { name: 'Yes' }));
    const alert = await screen.findByRole('alertdialog', { name: 'Alert' });
    expect(alert).toHaveTextContent('Failed to mark as collected');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    server.use(http.patch('/api/scheduled-pickups/:id/complete', () => HttpResponse.error()));
    // Every toast shown from here on (only one shows at a time, so a later one may replace it on screen).
    const toastTitles: string[] = [];
    const stopWatching = subscribeToasts(() => toastTitles.push(...getToasts().map((toast) => toast.title ?? '')));
    await user.click(screen.getByRole('button', { name: 'Mark Collected' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Confirm Collection' })).getByRole('button', { name: 'Yes' }));
    // Keeping the action writes it to IndexedDB first: give a loaded machine more than the default second.
    await waitFor(() => expect(toastTitles).toContain(QUEUED_ADMIN_TITLE), { timeout: 10_000 });
    await waitFor(async () =>
      expect((await listOutboxRecords()).map((r) => (r.payload as { target: string }).target)).toEqual(['collected']),
    );
    stopWatching();
    await user.click(screen.getByRole('button', { name: 'Back to Admin Control' }));
    await user.click(screen.getByRole('button', { name: 'Collected' }));
    await user.click(await screen.findByRole('button', { name: 'Paid' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Payment Confirmation' })).getByRole('button', { name: 'Yes' }));
    await waitFor(async () =>
      expect((await listOutboxRecords()).map((r) => (r.payload as { target: string }).target)).toEqual(['collected', 'paid']),
    );
    server.use(http.patch('/api/scheduled-pickups/:id/paid', () => HttpResponse.json({ message: 'no' }, { status: 409 })));
    await user.click(screen.getByRole('button', { name: 'Paid' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Payment Confirmation' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('alertdialog', { name: 'Alert' }, { timeout: 5000 })).toHaveTextContent('Failed to mark as paid');
  }, 40_000);
});
