import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { data, serveAdminApi, server } from '../testing/admin-server';
import { makePickup, makeSubmission } from '../testing/fixtures';
import { startOutbox } from '@/lib/outbox/triggers';
import { renderAdminControl } from '../testing/render-admin';
import { QUEUED_ADMIN_TITLE } from '@/components/admin-action-feedback';
import { listOutboxRecords } from '@/lib/outbox/store';
import { emptySchedule, THIS_YEAR } from '../testing/schedule-form';

// User Item Submissions and Schedule Item Collection.
vi.mock('@/lib/socket', () => import('../testing/socket-mock'));
serveAdminApi();

describe('User Item Submissions', () => {
  it('while loading, then reads Loading submissions...; with none pending, No submissions yet', async () => {
    data.submissions = [makeSubmission({ status: 'scheduled' })];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    expect(await screen.findByText('No submissions yet')).toBeInTheDocument();
  });

  it('shows the loading text first', async () => {
    server.use(http.get('/api/item-submissions', () => new Promise(() => {})));
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    expect(screen.getByText('Loading submissions...')).toBeInTheDocument();
  });

  it('cards show category label, submitter, No Image and the price read from a Blockspin offer name or the catalogue', async () => {
    data.submissions = [
      makeSubmission({
        ps5Name: '50,000 Blockspin ($0.75 USD)',
        robloxName: 'cash',
        paymentMethod: 'usd',
        quantity: 2,
        submittedBy: 'kim',
      }),
      makeSubmission({ ps5Name: 'Glock', robloxName: 'weapons', paymentMethod: 'blockspin', quantity: 3 }),
      makeSubmission({ ps5Name: 'Old hat', robloxName: 'other', paymentMethod: null }),
      makeSubmission({ ps5Name: 'AK-47', thumbnailUrl: '/api/images/t.jpg', imageUrl: '/api/images/f.jpg' }),
    ];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    const cash = await screen.findByRole('listitem', { name: '50,000 Blockspin ($0.75 USD)' });
    expect(within(cash).getByText('Cash')).toBeInTheDocument();
    expect(within(cash).getByText('kim')).toBeInTheDocument();
    expect(within(cash).getByText('USD Cash: $1.50 USD')).toBeInTheDocument();
    expect(within(cash).getByText('No Image')).toBeInTheDocument();
    const glock = screen.getByRole('listitem', { name: 'Glock' });
    expect(within(glock).getByText('Weapons & Ammo')).toBeInTheDocument();
    // Glock table price $2 × 0.15 × 10000 = 3,000 Blockspin each.
    expect(within(glock).getByText('Blockspin Cash: 9,000 Blockspin')).toBeInTheDocument();
    const hat = screen.getByRole('listitem', { name: 'Old hat' });
    expect(within(hat).getByText('Other')).toBeInTheDocument();
    expect(within(hat).getByText('Not set')).toBeInTheDocument();
    const ak = screen.getByRole('listitem', { name: 'AK-47' });
    expect(within(ak).getByRole('img', { name: 'AK-47' })).toHaveAttribute('src', '/api/images/t.jpg');
    await user.click(within(ak).getByRole('button', { name: 'View full-size photo of AK-47' }));
    const viewer = within(screen.getByRole('dialog', { name: 'AK-47' }));
    expect(viewer.getByRole('img', { name: 'AK-47' })).toHaveAttribute('src', '/api/images/f.jpg');
  });

  it('a short list shows every card, with no Show more (a long one is drawn a window at a time: admin-tools.test)', async () => {
    data.submissions = Array.from({ length: 20 }, (_, index) => makeSubmission({ ps5Name: `Item ${index}` }));
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    const grid = await screen.findByRole('list', { name: 'Pending submissions' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
  }, 30_000);

  it('Deny asks Confirm Denial and Yes sends status rejected', { timeout: 60_000 }, async () => {
    const glock = makeSubmission();
    data.submissions = [glock];
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    // Deny and Reject wait 10 s for Undo before they are sent (issue 33 item 5).
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { queryClient } = renderAdminControl();
    // The app's outbox triggers: they refresh the lists once the held Deny is confirmed by the server.
    const stopOutbox = startOutbox(queryClient);
    onTestFinished(stopOutbox);
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    await user.click(await screen.findByRole('button', { name: 'Deny' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Confirm Denial' })).getByRole('button', { name: 'Yes' }));
    await screen.findByText('Sent in 10 seconds. Nothing has been sent yet.');
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    await waitFor(() =>
      expect(data.calls).toEqual([
        { method: 'PATCH', path: `/api/item-submissions/${glock.id}/status`, body: { status: 'rejected', expectedStatus: 'pending' } },
      ]),
    );
    expect(await screen.findByText('No submissions yet')).toBeInTheDocument();
  });

  it('Contact shows the email, PS5 and Roblox names, or No Contact Information Available', async () => {
    data.submissions = [makeSubmission({ submittedBy: 'kim' }), makeSubmission({ submittedBy: 'ghost', ps5Name: 'Axe' })];
    data.contacts.kim = {
      username: 'kim',
      contactEmail: 'kim@example.com',
      ps5Username: 'kimPS',
      robloxUsername: 'kimRB',
      isAdmin: false,
      isSuperAdmin: false,
    };
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    await user.click(within(await screen.findByRole('listitem', { name: 'Glock' })).getByRole('button', { name: 'Contact' }));
    const contact = within(screen.getByRole('dialog', { name: 'Submission Details & Contact' }));
    expect(await contact.findByText('kim@example.com')).toBeInTheDocument();
    expect(contact.getByText('kimPS')).toBeInTheDocument();
    expect(contact.getByText('kimRB')).toBeInTheDocument();
    await user.click(contact.getByRole('button', { name: 'Close' }));
    await user.click(within(screen.getByRole('listitem', { name: 'Axe' })).getByRole('button', { name: 'Contact' }));
    expect(await screen.findByText('No Contact Information Available')).toBeInTheDocument();
  });
});

describe('Schedule Item Collection', () => {
  async function openSchedule() {
    const glock = makeSubmission();
    data.submissions = [glock];
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    await user.click(await screen.findByRole('button', { name: 'Schedule' }));
    const form = within(screen.getByRole('dialog', { name: 'Schedule Item Collection' }));
    await emptySchedule(user, form);
    return { user, form, glock };
  }

  it('when a field is missing, then the Missing Information error shows for 3 s', async () => {
    const { user, form } = await openSchedule();
    await user.type(form.getByLabelText('Month'), '3');
    await user.click(form.getByRole('button', { name: 'Schedule' }));
    expect(form.getByRole('alert')).toHaveTextContent('Missing Information: Please fill in all date and time fields before scheduling');
    act(() => vi.advanceTimersByTime(2900));
    expect(form.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(form.queryByRole('alert')).not.toBeInTheDocument();
    expect(data.calls).toEqual([]);
  });

  it('clamps hour and minute, refuses a year before this year, and posts M/D/YYYY and h:mm AM/PM', async () => {
    const { user, form, glock } = await openSchedule();
    await user.type(form.getByLabelText('Month'), '12');
    await user.type(form.getByLabelText('Day'), '31');
    await user.type(form.getByLabelText('Year'), '2023');
    await user.type(form.getByLabelText('Hour'), '15');
    expect(form.getByLabelText('Hour')).toHaveValue('12');
    await user.type(form.getByLabelText('Minute'), '75');
    expect(form.getByLabelText('Minute')).toHaveValue('59');
    await user.click(form.getByRole('button', { name: 'PM' }));
    // The year is refused next to the date, and Schedule cannot be pressed meanwhile.
    expect(form.getByRole('alert')).toHaveTextContent(`The year must be between ${THIS_YEAR} and ${THIS_YEAR + 4}`);
    expect(form.getByLabelText('Year')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByRole('button', { name: 'Schedule' })).toBeDisabled();
    await user.clear(form.getByLabelText('Year'));
    await user.type(form.getByLabelText('Year'), '2030');
    await user.click(form.getByRole('button', { name: 'Schedule' }));
    await waitFor(() =>
      expect(data.calls).toEqual([
        {
          method: 'POST',
          path: '/api/scheduled-pickups',
          body: {
            expectedStatus: 'pending',
            submissionId: glock.id,
            scheduledDate: '12/31/2030',
            scheduledTime: '12:59 PM',
            isImmediate: false,
          },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Schedule Item Collection' })).not.toBeInTheDocument());
    expect(await screen.findByText('No submissions yet')).toBeInTheDocument();
  });

  it('ticking Immediately clears the date and time and schedules Immediately', async () => {
    const { user, form, glock } = await openSchedule();
    await user.type(form.getByLabelText('Month'), '4');
    await user.type(form.getByLabelText('Hour'), '9');
    await user.click(form.getByRole('checkbox', { name: 'Immediately' }));
    expect(form.getByLabelText('Month')).toHaveValue('');
    expect(form.getByLabelText('Hour')).toHaveValue('');
    await user.click(form.getByRole('button', { name: 'Schedule' }));
    await waitFor(() =>
      expect(data.calls[0]?.body).toEqual({
        expectedStatus: 'pending',
        submissionId: glock.id,
        scheduledDate: 'Immediately',
        scheduledTime: '',
        isImmediate: true,
      }),
    );
  });

  it('when the schedule succeeds, then the pickup and its id are stored and the card and badge hide before the refetch lands', async () => {
    const { user, form, glock } = await openSchedule();
    // From now on the list refetch never answers: only the stored id can hide the card.
    server.use(http.get('/api/item-submissions', () => new Promise<never>(() => {})));
    await user.click(form.getByRole('checkbox', { name: 'Immediately' }));
    await user.click(form.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('No submissions yet')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('scheduledSubmissionIds')!)).toEqual([glock.id]);
    expect(JSON.parse(localStorage.getItem('scheduledPickups')!)).toEqual([
      expect.objectContaining({ id: data.pickups[0]!.id, submissionId: glock.id, scheduledDate: 'Immediately' }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Back to Admin Control' }));
    // With nothing pending, the badge is gone rather than a red 0.
    expect(screen.getByRole('button', { name: /User Item Submissions/ })).toHaveTextContent(/^User Item Submissions$/);
    expect(within(screen.getByRole('button', { name: /User Item Submissions/ })).queryByLabelText(/pending/)).not.toBeInTheDocument();
  });

  it('when the server answers after the schedule, then the stored id is pruned; a stored id never hides a genuinely pending submission', async () => {
    const scheduled = makeSubmission({ ps5Name: 'Axe' });
    const genuinelyPending = makeSubmission({ ps5Name: 'Shovel' });
    data.submissions = [scheduled, genuinelyPending];
    // Left by an earlier schedule whose pickup the server no longer has (e.g. a reset database), and by one it has.
    const longAgo = Date.now() - 60_000;
    localStorage.setItem('scheduledSubmissionIds', JSON.stringify([scheduled.id, genuinelyPending.id]));
    localStorage.setItem(
      'scheduledPickups',
      JSON.stringify([{ ...makePickup(genuinelyPending), submission: undefined, storedAt: longAgo }]),
    );
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    expect(await screen.findByRole('listitem', { name: 'Shovel' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Axe' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('scheduledSubmissionIds')).toBeNull());
    expect(localStorage.getItem('scheduledPickups')).toBeNull();
  });

  it('when the server refuses, then the alert reads Failed to schedule pickup; on a network error, it is kept to send later', async () => {
    server.use(http.post('/api/scheduled-pickups', () => HttpResponse.json({ message: 'nope' }, { status: 409 })));
    const { user, form } = await openSchedule();
    await user.click(form.getByRole('checkbox', { name: 'Immediately' }));
    await user.click(form.getByRole('button', { name: 'Schedule' }));
    const alert = await screen.findByRole('alertdialog', { name: 'Alert' });
    expect(alert).toHaveTextContent('Failed to schedule pickup');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    server.use(http.post('/api/scheduled-pickups', () => HttpResponse.error()));
    await user.click(form.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(QUEUED_ADMIN_TITLE)).toBeInTheDocument();
    const [queued] = await listOutboxRecords();
    expect(queued).toMatchObject({
      kind: 'admin',
      state: 'queued',
      payload: { method: 'POST', path: '/api/scheduled-pickups', target: 'scheduled' },
    });
  });
});
