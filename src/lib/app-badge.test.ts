import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BADGE_COUNT_KEY, badgeCount, refreshBadge, refreshBadgeForPush, showBadge } from './app-badge';
import { adminWaiting } from '../domain/admin-waiting';
import { kvGet, kvSet } from './db';
import { deleteTestDb } from '../test/idb';

afterEach(async () => {
  await deleteTestDb();
});

type Answers = Record<string, { status: number; body?: unknown } | 'network-error'>;

/** A fetch that answers by path, and records what was asked. */
function fakeFetch(answers: Answers) {
  const asked: string[] = [];
  const fetcher = (async (input: RequestInfo | URL) => {
    const path = String(input);
    asked.push(path);
    const answer = answers[path] ?? { status: 404 };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
  return { fetcher, asked };
}

function fakeBadging() {
  const calls: Array<['set', number | undefined] | ['clear']> = [];
  return {
    calls,
    badging: {
      setAppBadge: vi.fn(async (count?: number) => void calls.push(['set', count])),
      clearAppBadge: vi.fn(async () => void calls.push(['clear'])),
    },
  };
}

const pending = (n: number, others = 0) => [
  ...Array.from({ length: n }, (_, i) => ({ id: i, status: 'pending' })),
  ...Array.from({ length: others }, (_, i) => ({ id: 100 + i, status: 'approved' })),
];

describe('the badge count', () => {
  it('when a player has unread messages, then the badge is their total', async () => {
    const { fetcher } = fakeFetch({ '/api/conversations/unread': { status: 200, body: { total: 4, threads: [] } } });
    expect(await badgeCount({ isAdmin: false }, fetcher)).toBe(4);
  });

  it('when the unread endpoint answers 404 (not built yet), then unread counts as 0 rather than unknown', async () => {
    const { fetcher } = fakeFetch({});
    expect(await badgeCount({ isAdmin: false }, fetcher)).toBe(0);
  });

  it('when an admin, then pending purchase requests and pending submissions are added to the unread', async () => {
    const { fetcher, asked } = fakeFetch({
      '/api/conversations/unread': { status: 200, body: { total: 1, threads: [] } },
      '/api/purchase-requests': { status: 200, body: pending(2, 3) },
      '/api/item-submissions': { status: 200, body: pending(3, 1) },
    });
    expect(await badgeCount({ isAdmin: true }, fetcher)).toBe(6);
    expect(asked).toEqual(['/api/conversations/unread', '/api/purchase-requests', '/api/item-submissions', '/api/scheduled-pickups']);
  });

  it('when promises are past their time, then they count as on the home Admin button and in Due now (adminWaiting), not before', async () => {
    const now = Date.now();
    const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
    const requests = [
      ...pending(1),
      { id: 10, status: 'approved', promiseStatus: 'open', promisedAt: at(-5) },
      { id: 11, status: 'approved', promiseStatus: 'open', promisedAt: at(30) },
      { id: 12, status: 'approved', promiseStatus: 'kept', promisedAt: at(-60) },
    ];
    const submissions = pending(2);
    const pickups = [
      { id: 1, completed: false, promiseStatus: 'open', promisedAt: at(-1) },
      { id: 2, completed: true, promiseStatus: 'open', promisedAt: at(-1) },
    ];
    const { fetcher } = fakeFetch({
      '/api/purchase-requests': { status: 200, body: requests },
      '/api/item-submissions': { status: 200, body: submissions },
      '/api/scheduled-pickups': { status: 200, body: pickups },
    });
    // 1 pending request + 2 pending submissions + the drop and the pickup past their time.
    expect(await badgeCount({ isAdmin: true }, fetcher)).toBe(5);
    expect(adminWaiting({ requests, submissions, pickups }, now).total).toBe(5);
  });

  it('when the network fails or the server errs, then the count is unknown (null), not 0', async () => {
    expect(await badgeCount({ isAdmin: false }, fakeFetch({ '/api/conversations/unread': 'network-error' }).fetcher)).toBeNull();
    const admin = fakeFetch({ '/api/purchase-requests': { status: 500 } });
    expect(await badgeCount({ isAdmin: true }, admin.fetcher)).toBeNull();
  });
});

describe('showing it', () => {
  it('when the count is above 0, then setAppBadge(count); at 0, clearAppBadge; the count is remembered', async () => {
    const { calls, badging } = fakeBadging();
    await showBadge(3, badging);
    expect(await kvGet(BADGE_COUNT_KEY)).toBe(3);
    await showBadge(0, badging);
    expect(calls).toEqual([['set', 3], ['clear']]);
    expect(await kvGet(BADGE_COUNT_KEY)).toBe(0);
  });

  it('when the browser has no badge, or refuses it, then nothing throws', async () => {
    await expect(showBadge(2, {})).resolves.toBeUndefined();
    await expect(showBadge(2, { setAppBadge: () => Promise.reject(new DOMException('no', 'NotAllowedError')) })).resolves.toBeUndefined();
  });

  it('when signed out, then the badge is cleared; when the count cannot be had, then it is left as it was', async () => {
    const { calls, badging } = fakeBadging();
    expect(await refreshBadge(null, { badging })).toBe(0);
    expect(
      await refreshBadge({ isAdmin: false }, { badging, fetcher: fakeFetch({ '/api/conversations/unread': 'network-error' }).fetcher }),
    ).toBeNull();
    expect(calls).toEqual([['clear']]);
  });
});

describe('counting again', () => {
  it('when the count is what this device shows already, then the badge is not set again', async () => {
    const { calls, badging } = fakeBadging();
    const { fetcher } = fakeFetch({ '/api/conversations/unread': { status: 200, body: { total: 2, threads: [] } } });
    await refreshBadge({ isAdmin: false }, { fetcher, badging });
    await refreshBadge({ isAdmin: false }, { fetcher, badging });
    expect(calls).toEqual([['set', 2]]);
  });

  it('when a live change recounts within the reuse time, then the lists of things due are not read again', async () => {
    const lists = {
      '/api/purchase-requests': { status: 200, body: pending(1) },
      '/api/item-submissions': { status: 200, body: pending(1) },
    };
    const first = fakeFetch(lists);
    expect(await badgeCount({ isAdmin: true }, first.fetcher, 0)).toBe(2);
    const again = fakeFetch({ ...lists, '/api/purchase-requests': { status: 200, body: pending(5) } });
    expect(await badgeCount({ isAdmin: true }, again.fetcher, 10_000)).toBe(2);
    expect(again.asked).toEqual(['/api/conversations/unread']);
    expect(await badgeCount({ isAdmin: true }, again.fetcher, 0)).toBe(6);
  });
});

describe('when a push arrives (the worker)', () => {
  it('when the server answers, then the badge is counted again for the signed-in user', async () => {
    const { calls, badging } = fakeBadging();
    const { fetcher } = fakeFetch({
      '/api/marketplace/me': { status: 200, body: { username: 'ann', isAdmin: true } },
      '/api/purchase-requests': { status: 200, body: pending(1) },
      '/api/item-submissions': { status: 200, body: pending(1) },
    });
    expect(await refreshBadgeForPush({ fetcher, badging })).toBe(2);
    expect(calls).toEqual([['set', 2]]);
  });

  it('when there is no network, then the badge shows one more than last shown', async () => {
    await kvSet(BADGE_COUNT_KEY, 2);
    const { calls, badging } = fakeBadging();
    const { fetcher } = fakeFetch({ '/api/marketplace/me': 'network-error' });
    expect(await refreshBadgeForPush({ fetcher, badging })).toBe(3);
    expect(await refreshBadgeForPush({ fetcher, badging })).toBe(4);
    expect(calls).toEqual([
      ['set', 3],
      ['set', 4],
    ]);
  });
});
