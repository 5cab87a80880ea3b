import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteTestDb } from '@/test/idb';
import { drainThroughHolds, HOLD_WAIT_MAX_MS, type DrainSummary } from './drain';
import { isHeld } from './machine';
import { queueAdminAction, releaseHeldActions } from './outbox';
import { listOutboxRecords } from './store';

// Issue 47.9: the 10-second Undo of Deny and Reject never holds a decision back past the app's life.

const summary = (change: Partial<DrainSummary> = {}): DrainSummary => ({
  sent: 0,
  retryLater: 0,
  failed: 0,
  needsLogin: 0,
  failedAdmin: [],
  ...change,
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await deleteTestDb();
});

describe('drainThroughHolds (the service worker woken by Background Sync)', () => {
  it('when an action is held for its Undo window, then the worker waits for the window to close and sends it, once', async () => {
    let clock = 1_000_000;
    const drains = [summary({ heldUntil: clock + 10_000 }), summary({ sent: 1 })];
    const drain = vi.fn(async () => drains.shift()!);
    const waits: number[] = [];
    const result = await drainThroughHolds(
      drain,
      async (ms) => {
        waits.push(ms);
        clock += ms;
      },
      () => clock,
    );
    expect(waits).toEqual([10_000]);
    expect(drain).toHaveBeenCalledTimes(2);
    expect(result).toEqual(summary({ sent: 1 }));
  });

  it('when nothing is held, or the hold ends later than the worker may wait, then it drains once', async () => {
    const drain = vi.fn(async () => summary({ heldUntil: Date.now() + HOLD_WAIT_MAX_MS + 60_000 }));
    const wait = vi.fn(async () => undefined);
    await drainThroughHolds(drain, wait);
    expect(drain).toHaveBeenCalledTimes(1);
    expect(wait).not.toHaveBeenCalled();
  });
});

describe('releaseHeldActions (pagehide)', () => {
  it('when the app goes away with a Reject still open to Undo, then it is no longer held and the next drain sends it', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const action = { label: 'Reject request #7', method: 'PATCH', path: '/api/purchase-requests/7/status', body: { status: 'rejected' } };
    await queueAdminAction(action as never, { username: 'carol', holdMs: 10_000 });
    expect((await listOutboxRecords()).map(isHeld)).toEqual([true]);
    expect(await releaseHeldActions()).toBe(1);
    const [released] = await listOutboxRecords();
    expect(isHeld(released)).toBe(false);
    expect(released).toMatchObject({ kind: 'admin', state: 'queued', payload: action });
    // Nothing else is held: a second pagehide releases nothing.
    expect(await releaseHeldActions()).toBe(0);
  });
});
