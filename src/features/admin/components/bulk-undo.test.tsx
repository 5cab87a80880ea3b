import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, resetToasts } from '@/components/toast-store';
import { listOutboxRecords } from '@/lib/outbox/store';
import { deleteTestDb } from '@/test/idb';
import { data, resetData, server } from '../testing/admin-server';
import { makePickup, makeRequest, makeSubmission } from '../testing/fixtures';
import { renderAdminControl } from '../testing/render-admin';
import { UNDO_WINDOW_MS } from '../lib/held-action';

vi.mock('@/lib/socket', () => ({ subscribeSocket: () => () => undefined }));
// Pickup cards carry their conversation and history: a busy machine needs more than the default 15 s.
vi.setConfig({ testTimeout: 60_000 });

/** The Undo of the notice (the held card has its own). */
const noticeUndo = () => within(screen.getByTestId('toast-region')).getByRole('button', { name: 'Undo' });

/** The Idempotency-Key of every admin call that reached the server, by path. */
let keys: Array<{ path: string; key: string | null }> = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  resetData();
  resetToasts();
  keys = [];
  localStorage.setItem('currentUser', 'admin');
  server.events.on('request:start', ({ request }) => {
    if (request.method !== 'GET') keys.push({ path: new URL(request.url).pathname, key: request.headers.get('Idempotency-Key') });
  });
});
afterEach(async () => {
  server.events.removeAllListeners();
  server.resetHandlers();
  vi.useRealTimers();
  vi.restoreAllMocks();
  await deleteTestDb();
});
afterAll(() => server.close());

/** Timers and Date under the test's control; IndexedDB's own scheduling (setImmediate) left real. */
function fakeClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function twoPlayersPickups() {
  const ak = makeSubmission({ ps5Name: 'AK-47', submittedBy: 'alice' });
  const rpg = makeSubmission({ ps5Name: 'RPG', submittedBy: 'alice', quantity: 2 });
  const axe = makeSubmission({ ps5Name: 'Axe', submittedBy: 'bob' });
  const pickups = [makePickup(ak), makePickup(rpg), makePickup(axe)];
  data.submissions = [ak, rpg, axe].map((s) => ({ ...s, status: 'scheduled' as const }));
  data.pickups = pickups;
  return pickups;
}

describe('bulk at a drop: scheduled pickups', () => {
  it('when two pickups of one player are selected, then a tap on another player is refused, one confirmation lists them, and Yes sends each as its own action with its own key', async () => {
    const [ak, rpg] = twoPlayersPickups();
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: 'Scheduled pickups' }));
    await screen.findByRole('listitem', { name: 'AK-47' });
    await user.click(screen.getByRole('button', { name: 'Select' }));
    const bar = within(screen.getByRole('toolbar', { name: 'Selection' }));
    expect(bar.getByRole('button', { name: 'Mark Collected' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select AK-47 from alice' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select RPG from alice' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Axe from bob' }));
    expect(bar.getByRole('alert')).toHaveTextContent("Only one player's items can be handled together: alice's are selected.");
    expect(screen.getByRole('checkbox', { name: 'Select Axe from bob' })).not.toBeChecked();
    expect(bar.getByText('2 selected · alice')).toBeInTheDocument();

    await user.click(bar.getByRole('button', { name: 'Mark Collected (2)' }));
    const confirm = within(screen.getByRole('alertdialog', { name: 'Confirm Collection' }));
    expect(confirm.getByText(/Mark these 2 pickups from alice as collected\?/)).toBeInTheDocument();
    expect(confirm.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1 × AK-47', '2 × RPG']);
    expect(data.calls).toEqual([]);
    await user.click(confirm.getByRole('button', { name: 'Yes' }));

    await waitFor(() =>
      expect(data.calls).toEqual([
        { method: 'PATCH', path: `/api/scheduled-pickups/${ak.id}/complete`, body: { expectedStatus: 'scheduled' } },
        { method: 'PATCH', path: `/api/scheduled-pickups/${rpg.id}/complete`, body: { expectedStatus: 'scheduled' } },
      ]),
    );
    const sentKeys = keys.filter((k) => k.path.endsWith('/complete')).map((k) => k.key);
    expect(sentKeys).toHaveLength(2);
    expect(new Set(sentKeys).size).toBe(2);
    expect(sentKeys.every((key) => key && key.length > 10)).toBe(true);
    // Said once (issue 52.5: the title and the description both read it).
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: '2 marked collected' }));
    expect(getToasts()[0].title).toBeUndefined();
    // Select mode ends; the bob's pickup stays with its own buttons.
    expect(screen.queryByRole('toolbar', { name: 'Selection' })).not.toBeInTheDocument();
  });

  it('when offline, then each selected pickup is kept in the outbox on its own (its own key, the one photo with each) and nothing is sent', async () => {
    const [ak, rpg] = twoPlayersPickups();
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: 'Scheduled pickups' }));
    await screen.findByRole('listitem', { name: 'AK-47' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(screen.getByRole('button', { name: 'Select' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select AK-47 from alice' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select RPG from alice' }));
    await user.click(screen.getByRole('button', { name: 'Mark Collected (2)' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Confirm Collection' })).getByRole('button', { name: 'Yes' }));

    await waitFor(async () => expect(await listOutboxRecords()).toHaveLength(2));
    const kept = await listOutboxRecords();
    expect(kept.map((record) => (record.payload as { path: string }).path).sort()).toEqual(
      [`/api/scheduled-pickups/${ak.id}/complete`, `/api/scheduled-pickups/${rpg.id}/complete`].sort(),
    );
    expect(new Set(kept.map((record) => record.id)).size).toBe(2);
    expect(kept.every((record) => record.state === 'queued' && record.notBefore === undefined)).toBe(true);
    expect(data.calls).toEqual([]);
    // Each card says its action waits.
    await waitFor(() => expect(screen.getAllByTestId('pending-action')).toHaveLength(2));
  });
});

describe('bulk at a drop: approved requests', () => {
  it('when two drops of one player are selected, then Mark Completed confirms once and completes each', async () => {
    const one = makeRequest({ status: 'approved', requesterName: 'alice', scheduledDate: 'Immediately', isImmediateSchedule: true });
    const two = makeRequest({ status: 'approved', requesterName: 'alice', totalPrice: 4, scheduledDate: 'Immediately' });
    const other = makeRequest({ status: 'approved', requesterName: 'bob', scheduledDate: 'Immediately' });
    data.requests = [one, two, other];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Approved Requests/ }));
    await user.click(await screen.findByRole('button', { name: 'Select' }));
    await user.click(screen.getByRole('checkbox', { name: `Select request #${one.id} from alice` }));
    await user.click(screen.getByRole('checkbox', { name: `Select request #${other.id} from bob` }));
    expect(screen.getByRole('alert')).toHaveTextContent("alice's are selected");
    await user.click(screen.getByRole('checkbox', { name: `Select request #${two.id} from alice` }));
    await user.click(screen.getByRole('button', { name: 'Mark Completed (2)' }));
    const confirm = within(screen.getByRole('alertdialog', { name: 'Complete Drops' }));
    expect(confirm.getByText(/Mark these 2 requests from alice as completed\?/)).toBeInTheDocument();
    expect(confirm.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `#${one.id} · 1 item · $2.00`,
      `#${two.id} · 1 item · $4.00`,
    ]);
    await user.click(confirm.getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(data.calls).toEqual([
        { method: 'PUT', path: `/api/purchase-requests/${one.id}/complete`, body: { expectedStatus: 'approved' } },
        { method: 'PUT', path: `/api/purchase-requests/${two.id}/complete`, body: { expectedStatus: 'approved' } },
      ]),
    );
  });
});

describe('undo within 10 s', () => {
  async function rejectPending() {
    const request = makeRequest({ requesterName: 'rita' });
    data.requests = [request];
    const user = fakeClock();
    const view = renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Pending Purchase Requests/ }));
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Reject Pending Request' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: `Rejected #${request.id}`, open: true }));
    return { user, request, view };
  }

  it('when Undo is pressed within 10 s of a Reject, then nothing is ever sent and nothing waits', async () => {
    const { user } = await rejectPending();
    await pass(9_000);
    expect(data.calls).toEqual([]);
    await user.click(noticeUndo());
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Undone' }));
    await pass(UNDO_WINDOW_MS * 3);
    expect(data.calls).toEqual([]);
    expect(await listOutboxRecords()).toEqual([]);
    // The request is still there, with its buttons.
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it('when nobody presses Undo, then the rejection is sent once, after 10 s and not before', async () => {
    const { request } = await rejectPending();
    // While held, its card says so and offers Undo too.
    expect(await screen.findByTestId('pending-action')).toHaveAttribute('data-state', 'held');
    await pass(UNDO_WINDOW_MS - 500);
    expect(data.calls).toEqual([]);
    await pass(1_000);
    await waitFor(() =>
      expect(data.calls).toEqual([
        { method: 'PATCH', path: `/api/purchase-requests/${request.id}/status`, body: { status: 'rejected', expectedStatus: 'pending' } },
      ]),
    );
    await pass(UNDO_WINDOW_MS * 3);
    expect(data.calls).toHaveLength(1);
  });

  it('when Admin Control is closed while a Reject is held, then it is kept in the outbox and still sent after 10 s', async () => {
    const { view, request } = await rejectPending();
    view.unmount();
    const [held] = await listOutboxRecords();
    expect(held).toMatchObject({ kind: 'admin', state: 'queued' });
    expect(Date.parse(held.notBefore!) - Date.now()).toBeGreaterThan(8_000);
    await pass(UNDO_WINDOW_MS + 500);
    await waitFor(() => expect(data.calls.map((call) => call.path)).toEqual([`/api/purchase-requests/${request.id}/status`]));
    await waitFor(async () => expect(await listOutboxRecords()).toEqual([]));
  });

  it('when a Deny is confirmed, then "Denied #N" offers Undo and Undo sends nothing; a second Deny without Undo is sent after 10 s', async () => {
    const glock = makeSubmission();
    const axe = makeSubmission({ ps5Name: 'Axe' });
    data.submissions = [glock, axe];
    const user = fakeClock();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    const deny = async (name: string) => {
      await user.click(within(await screen.findByRole('listitem', { name })).getByRole('button', { name: 'Deny' }));
      await user.click(within(screen.getByRole('alertdialog', { name: 'Confirm Denial' })).getByRole('button', { name: 'Yes' }));
    };
    await deny('Glock');
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: `Denied #${glock.id}` }));
    await user.click(noticeUndo());
    await deny('Axe');
    await pass(UNDO_WINDOW_MS + 500);
    await waitFor(() =>
      expect(data.calls).toEqual([
        { method: 'PATCH', path: `/api/item-submissions/${axe.id}/status`, body: { status: 'rejected', expectedStatus: 'pending' } },
      ]),
    );
  });

  it('when the network is down at the end of the 10 s, then the rejection waits in the outbox and is not lost', async () => {
    server.use(http.patch('/api/purchase-requests/:id/status', () => HttpResponse.error()));
    const { request } = await rejectPending();
    await pass(UNDO_WINDOW_MS + 500);
    await waitFor(async () => {
      const [kept] = await listOutboxRecords();
      expect(kept).toMatchObject({ state: 'queued', attempts: 1 });
      expect((kept.payload as { path: string }).path).toBe(`/api/purchase-requests/${request.id}/status`);
    });
  });
});
