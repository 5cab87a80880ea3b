import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { storeSettingsQueryOptions } from '../api/store-settings';
import { fieldsOf, nextHalfHour, wallTimeAt } from '../lib/store-time';
import { data, serveAdminApi, server } from '../testing/admin-server';
import { makePickup, makeRequest, makeSubmission } from '../testing/fixtures';
import { renderAdminControl } from '../testing/render-admin';

vi.mock('@/lib/socket', () => ({ subscribeSocket: () => () => undefined }));

serveAdminApi();

describe('Due now', () => {
  it('when promises are open, then they are listed by deadline with a countdown that ticks past overdue, and the badges count each queue', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const now = Date.parse('2030-03-14T16:00:00.000Z');
    vi.setSystemTime(now);
    data.requests = [
      makeRequest({
        id: 3,
        requesterName: 'sam',
        status: 'approved',
        promiseStatus: 'open',
        promisedAt: new Date(now + 2 * 60_000).toISOString(),
      }),
      makeRequest({ id: 4, requesterName: 'pat', status: 'pending' }),
    ];
    data.pickups = [
      makePickup(makeSubmission({ id: 8, submittedBy: 'olly', ps5Name: 'Golden AK' }), {
        promiseStatus: 'open',
        promisedAt: new Date(now + 30 * 60_000).toISOString(),
      }),
    ];
    renderAdminControl();
    const list = await screen.findByRole('list', { name: 'Due now' });
    const rows = within(list).getAllByTestId('due-entry');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Drop #3 · sam'),
      expect.stringContaining('Pickup #8 · olly'),
    ]);
    expect(within(rows[0]).getByRole('timer')).toHaveTextContent('in 2:00');
    expect(within(rows[0]).getByRole('button', { name: 'Complete drop' })).toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Mark collected' })).toBeInTheDocument();
    expect(screen.getByTestId('due-now-summary')).toHaveTextContent('2 open');

    await act(async () => {
      vi.setSystemTime(now + 2 * 60_000 + 5_000);
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(within(rows[0]).getByRole('timer')).toHaveTextContent(/^overdue 0:0[5-7]$/);
    expect(rows[0]).toHaveAttribute('data-tone', 'danger');
    expect(screen.getByTestId('due-now-summary')).toHaveTextContent('1 overdue');

    // One each on Pending, Approved and Scheduled pickups; the name of each button stays the list's name.
    expect(screen.getByRole('button', { name: /Pending Purchase Requests/ })).toHaveAccessibleDescription('1 pending');
    expect(screen.getByRole('button', { name: /Approved Requests/ })).toHaveAccessibleDescription('1 to drop');
    expect(screen.getByRole('button', { name: 'Scheduled pickups' })).toHaveAccessibleDescription('1 to collect');
  });

  it('when the next action is tapped, then it asks first and Yes completes the drop', async () => {
    const user = userEvent.setup();
    data.requests = [
      makeRequest({ id: 5, status: 'approved', promiseStatus: 'open', promisedAt: new Date(Date.now() + 60 * 60_000).toISOString() }),
    ];
    renderAdminControl();
    await user.click(await screen.findByRole('button', { name: 'Complete drop' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Complete Drop' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await vi.waitFor(() =>
      expect(data.calls).toContainEqual(expect.objectContaining({ method: 'PUT', path: '/api/purchase-requests/5/complete' })),
    );
  });
});

describe('Due now keeps what is still owed (issue 47.7)', () => {
  it('when a drop was missed and a pickup a no-show, then both stay listed, marked, with their next action, and are not counted overdue', async () => {
    const promisedAt = new Date(Date.now() - 3 * 3600_000).toISOString();
    data.requests = [makeRequest({ id: 6, requesterName: 'mia', status: 'approved', promiseStatus: 'missed', promisedAt })];
    data.pickups = [
      makePickup(makeSubmission({ id: 9, submittedBy: 'ned', ps5Name: 'Golden AK' }), { promiseStatus: 'no-show', promisedAt }),
    ];
    renderAdminControl();
    const list = await screen.findByRole('list', { name: 'Due now' });
    const rows = within(list).getAllByTestId('due-entry');
    expect(rows.map((row) => [row.getAttribute('data-state'), row.textContent])).toEqual([
      ['missed', expect.stringContaining('Drop #6 · mia')],
      ['no-show', expect.stringContaining('Pickup #9 · ned')],
    ]);
    expect(within(rows[0]).getByTestId('due-state')).toHaveTextContent('Missed — still owed');
    expect(within(rows[1]).getByTestId('due-state')).toHaveTextContent('No-show — still owed');
    expect(within(list).queryByRole('timer')).not.toBeInTheDocument();
    expect(within(rows[0]).getByRole('button', { name: 'Complete drop' })).toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Mark collected' })).toBeInTheDocument();
    const summary = screen.getByTestId('due-now-summary');
    expect(summary).toHaveTextContent('2 still owed');
    expect(summary).not.toHaveTextContent(/overdue|open/);
  });
});

describe('proposed times on the queues (issue 47.6)', () => {
  it('when players proposed new times, then Approved Requests and Scheduled pickups say how many wait for an answer', async () => {
    const proposal = (id: number, subjectType: 'purchase-request' | 'pickup', subjectId: number) => ({
      id,
      subjectType,
      subjectId,
      scheduledDate: '3/14/2030',
      scheduledTime: '4:30 PM',
      isImmediate: false,
      promisedAt: '2030-03-14T20:30:00.000Z',
      proposedBy: 'sam',
      proposedByRole: 'player' as const,
      status: 'open' as const,
      createdAt: '2026-11-20T10:00:00.000Z',
      decidedAt: null,
      decidedBy: null,
    });
    data.proposals = [proposal(1, 'purchase-request', 3), proposal(2, 'purchase-request', 4), proposal(3, 'pickup', 9)];
    renderAdminControl();
    const approved = await screen.findByRole('button', { name: /Approved Requests/ });
    await vi.waitFor(() => expect(within(approved).getByTestId('queue-proposals')).toHaveTextContent('2 new times'));
    expect(approved).toHaveAccessibleDescription('2 proposed times to answer');
    const pickups = screen.getByRole('button', { name: 'Scheduled pickups' });
    expect(within(pickups).getByTestId('queue-proposals')).toHaveTextContent('1 new time');
    expect(pickups).toHaveAccessibleDescription('1 proposed time to answer');
  });

  it("when the store proposed a pickup's new time, then its card says it waits for the player", async () => {
    const user = userEvent.setup();
    const pickup = makePickup(makeSubmission({ id: 8, submittedBy: 'olly', ps5Name: 'Golden AK' }), { promiseStatus: 'open' });
    data.pickups = [pickup];
    data.proposals = [
      {
        id: 5,
        subjectType: 'pickup',
        subjectId: pickup.id,
        scheduledDate: '3/14/2030',
        scheduledTime: '5:00 PM',
        isImmediate: false,
        promisedAt: '2030-03-14T21:00:00.000Z',
        proposedBy: 'carol',
        proposedByRole: 'admin',
        status: 'open',
        createdAt: '2026-11-20T10:00:00.000Z',
        decidedAt: null,
        decidedBy: null,
      },
    ];
    renderAdminControl();
    await user.click(await screen.findByRole('button', { name: 'Scheduled pickups' }));
    expect(await screen.findByTestId('store-proposal')).toHaveTextContent('New time proposed to the player: 3/14/2030 at 5:00 PM.');
    // Not one to answer here: no Accept on the store's own proposal.
    expect(screen.queryByRole('button', { name: 'Accept new time' })).not.toBeInTheDocument();
  });
});

describe('one search across every list', () => {
  it("when '#3' is typed, then request 3 is found grouped under its list, not 30, and the result opens that list on it", async () => {
    const user = userEvent.setup();
    data.requests = [
      makeRequest({ id: 3, requesterName: 'sam', status: 'approved' }),
      makeRequest({ id: 30, requesterName: 'tim', status: 'pending' }),
    ];
    data.submissions = [makeSubmission({ id: 3, submittedBy: 'sally', status: 'pending' })];
    renderAdminControl();
    await screen.findByRole('list', { name: 'Due now' }).catch(() => undefined);
    await user.type(await screen.findByRole('searchbox', { name: /Search every list/ }), '#3');
    const results = await screen.findByRole('region', { name: 'Search results' });
    const approved = within(results).getByRole('region', { name: 'Approved Requests' });
    expect(
      within(approved)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('#3 sam')]);
    expect(within(results).getByRole('region', { name: 'User Item Submissions' })).toHaveTextContent('#3 sally');
    expect(within(results).queryByText(/tim/)).not.toBeInTheDocument();

    await user.click(within(approved).getByRole('button', { name: /#3 sam/ }));
    expect(await screen.findByRole('heading', { name: 'Approved Requests' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('#3');
  });

  it('when a player email or item is typed, then the records are found in every list', async () => {
    const user = userEvent.setup();
    data.requests = [makeRequest({ id: 11, requesterName: 'zoe', contactEmail: 'zoe@mail.test', status: 'pending' })];
    data.pickups = [makePickup(makeSubmission({ id: 12, submittedBy: 'zoe', ps5Name: 'Shovel' }))];
    renderAdminControl();
    const box = await screen.findByRole('searchbox', { name: /Search every list/ });
    await user.type(box, 'zoe@mail');
    expect(await screen.findByRole('region', { name: 'Pending Purchase Requests' })).toHaveTextContent('#11 zoe');
    await user.clear(box);
    await user.type(box, 'shovel');
    expect(await screen.findByRole('region', { name: 'Scheduled Pickups' })).toHaveTextContent('#12 zoe');
  });

  it("when a player's Roblox or PS5 name is typed, then their records are found though no record holds that name", async () => {
    const user = userEvent.setup();
    data.requests = [makeRequest({ id: 21, requesterName: 'zoe', status: 'pending' })];
    data.submissions = [makeSubmission({ id: 22, submittedBy: 'ann', status: 'pending' })];
    data.contacts = {
      zoe: { username: 'zoe', contactEmail: null, ps5Username: 'ZoePlays', robloxUsername: null, isAdmin: false, isSuperAdmin: false },
      ann: { username: 'ann', contactEmail: null, ps5Username: null, robloxUsername: 'AnnBlox99', isAdmin: false, isSuperAdmin: false },
    };
    renderAdminControl();
    const box = await screen.findByRole('searchbox', { name: /Search every list/ });
    await user.type(box, 'zoeplays');
    expect(await screen.findByRole('region', { name: 'Pending Purchase Requests' })).toHaveTextContent('#21 zoe');
    await user.clear(box);
    await user.type(box, 'annblox');
    expect(await screen.findByRole('region', { name: 'User Item Submissions' })).toHaveTextContent('#22 ann');
    expect(screen.queryByRole('region', { name: 'Pending Purchase Requests' })).not.toBeInTheDocument();
  });
});

describe('scheduling in two taps', () => {
  it('when Approve opens, then it starts at the next half hour in the store zone; Tomorrow then Confirm sends tomorrow at that time', async () => {
    server.use(http.get('/api/store', () => HttpResponse.json({ timeZone: 'Pacific/Auckland' })));
    const user = userEvent.setup();
    const request = makeRequest({ status: 'pending' });
    data.requests = [request];
    const { queryClient } = renderAdminControl();
    await queryClient.prefetchQuery(storeSettingsQueryOptions());
    await user.click(await screen.findByRole('button', { name: /Pending Purchase Requests/ }));
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const form = within(screen.getByRole('dialog', { name: 'Confirm Approval' }));
    const now = Date.now();
    const start = wallTimeAt(nextHalfHour(now), 'Pacific/Auckland');
    expect(form.getByTestId('schedule-choice')).toHaveTextContent(/^(Today|Tomorrow) \d{1,2}:[03]0 (AM|PM)Store time · Pacific\/Auckland$/);
    expect(form.getByLabelText('Day')).toHaveValue(String(start.day));
    await user.click(form.getByRole('button', { name: 'Tomorrow' }));
    await user.click(form.getByRole('button', { name: 'Confirm' }));
    const today = wallTimeAt(now, 'Pacific/Auckland');
    const tomorrow = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
    const body = fieldsOf({ ...start, year: tomorrow.getUTCFullYear(), month: tomorrow.getUTCMonth() + 1, day: tomorrow.getUTCDate() });
    await vi.waitFor(() =>
      expect(data.calls).toContainEqual({
        method: 'PATCH',
        path: `/api/purchase-requests/${request.id}/status`,
        body: {
          status: 'approved',
          expectedStatus: 'pending',
          scheduledDate: `${body.month}/${body.day}/${body.year}`,
          scheduledTime: `${body.hour}:${body.minute} ${body.meridiem}`,
          isImmediateSchedule: false,
        },
      }),
    );
  });

  it('when +1 h is tapped, then the time is an hour from now and the chip shows as chosen; the Immediately box ticks', async () => {
    const user = userEvent.setup();
    data.requests = [makeRequest({ status: 'pending' })];
    renderAdminControl();
    await user.click(await screen.findByRole('button', { name: /Pending Purchase Requests/ }));
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const form = within(screen.getByRole('dialog', { name: 'Confirm Approval' }));
    await user.click(form.getByRole('button', { name: '+1 h' }));
    expect(form.getByTestId('schedule-choice')).toHaveTextContent(/^(Today|Tomorrow) /);
    expect(form.queryByRole('alert')).not.toBeInTheDocument();
    expect(form.getByRole('button', { name: '+1 h' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(form.getByRole('checkbox', { name: 'Immediately' }));
    expect(form.getByRole('checkbox', { name: 'Immediately' })).toBeChecked();
  });
});

describe('fast with long lists', () => {
  it('when 2,000 requests are pending, then the list is drawn a window at a time, and a search narrows it from the index', async () => {
    const user = userEvent.setup();
    data.requests = Array.from({ length: 2000 }, (_, i) => makeRequest({ id: i + 1, requesterName: `player${i + 1}`, status: 'pending' }));
    renderAdminControl();
    await user.click(await screen.findByRole('button', { name: /Pending Purchase Requests/ }));
    const list = await screen.findByRole('list', { name: 'Pending purchase requests' });
    expect(screen.getByTestId('virtual-list')).toContainElement(list);
    const rows = within(list).queryAllByRole('listitem');
    expect(rows.length).toBeLessThan(50);
    await user.type(screen.getByRole('searchbox'), '#1234');
    await vi.waitFor(() =>
      expect(screen.getByRole('list', { name: 'Pending purchase requests' })).toHaveTextContent(/^#1234 · player1234/),
    );
    expect(within(screen.getByRole('list', { name: 'Pending purchase requests' })).getAllByRole('listitem')).toHaveLength(1);
  });
});
