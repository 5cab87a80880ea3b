import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { data, serveAdminApi } from '../testing/admin-server';
import { makePickup, makeSubmission } from '../testing/fixtures';
import { renderAdminControl } from '../testing/render-admin';

vi.mock('@/lib/socket', () => ({ subscribeSocket: () => () => undefined }));

serveAdminApi();

describe('finding things fast at a drop', () => {
  beforeEach(() => {
    data.pickups = [
      makePickup(makeSubmission({ ps5Name: 'Late Rifle', submittedBy: 'alice' }), {
        scheduledDate: '3/15/2030',
        scheduledTime: '9:00 AM',
        createdAt: '2026-03-01T00:00:00.000Z',
      }),
      makePickup(makeSubmission({ ps5Name: 'Early Axe', submittedBy: 'bob' }), {
        scheduledDate: '3/14/2030',
        scheduledTime: '8:00 AM',
        createdAt: '2026-03-02T00:00:00.000Z',
      }),
      makePickup(makeSubmission({ ps5Name: 'Now Shovel', submittedBy: 'bob' }), {
        scheduledDate: 'Immediately',
        scheduledTime: '',
        isImmediate: true,
        createdAt: '2026-03-03T00:00:00.000Z',
      }),
    ];
    data.contacts = {
      bob: {
        username: 'bob',
        contactEmail: 'bob@example.com',
        ps5Username: null,
        robloxUsername: null,
        isAdmin: false,
        isSuperAdmin: false,
      },
    };
  });

  it('when Scheduled pickups open, then Immediately comes first and the rest by pickup time; search narrows by player or item', async () => {
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(await screen.findByRole('button', { name: 'Scheduled pickups' }));
    const grid = await screen.findByRole('list', { name: 'Scheduled pickups' });
    expect(
      within(grid)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Now Shovel', 'Early Axe', 'Late Rifle']);

    await user.type(screen.getByRole('searchbox', { name: 'Search by player or item' }), 'bob axe');
    expect(
      within(screen.getByRole('list', { name: 'Scheduled pickups' }))
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Early Axe']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search by player or item' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by player or item' }), 'nobody');
    expect(screen.getByText('Nothing matches “nobody”')).toBeInTheDocument();
  });

  it('when Contact is tapped on a pickup card, then the seller’s contact details open', async () => {
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(await screen.findByRole('button', { name: 'Scheduled pickups' }));
    const grid = await screen.findByRole('list', { name: 'Scheduled pickups' });
    const card = within(grid).getByRole('heading', { name: 'Early Axe' }).closest('li')!;
    await user.click(within(card).getByRole('button', { name: 'Contact' }));
    expect(await screen.findByText('bob@example.com')).toBeInTheDocument();
  });
});
