import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminAction } from '../admin-action';
import type { OutboxRecord } from '../db';
import { drainOutbox } from './drain';
import { getOutboxRecord, putOutboxRecord } from './store';
import { deleteTestDb } from '@/test/idb';

afterEach(async () => {
  vi.unstubAllGlobals();
  await deleteTestDb();
});

const collect: AdminAction = {
  method: 'PATCH',
  path: '/api/scheduled-pickups/7/complete',
  body: {},
  subject: { type: 'pickup', id: '7' },
  target: 'collected',
  label: 'Mark collected: Golden AK from alice',
  photoField: 'proofPhoto',
};

function adminRecord(id: string, action: AdminAction, photo?: Blob): OutboxRecord {
  return {
    id,
    kind: 'admin',
    username: 'carol',
    payload: action,
    ...(photo ? { photo } : {}),
    state: 'queued',
    attempts: 0,
    createdAt: '2026-11-21T05:00:00.000Z',
    updatedAt: '2026-11-21T05:00:00.000Z',
  };
}

/** The server as the drain sees it: the session check, then one scripted answer per admin call. */
function serve(answer: (init: RequestInit) => Response) {
  const calls: Array<{ url: string; method: string; key: string | null; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/marketplace/me') return Response.json({ username: 'carol' });
      calls.push({
        url,
        method: init.method ?? 'GET',
        key: new Headers(init.headers).get('Idempotency-Key'),
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      return answer(init);
    }),
  );
  return calls;
}

describe('admin actions in the outbox', () => {
  it('when the server confirms, then the item leaves; the call carried its key, method and the photo as a data URL', async () => {
    await putOutboxRecord(adminRecord('key-a', collect, new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' })));
    const calls = serve(() => Response.json({ id: 7 }));
    expect(await drainOutbox()).toMatchObject({ sent: 1, failed: 0 });
    expect(calls).toEqual([
      { url: '/api/scheduled-pickups/7/complete', method: 'PATCH', key: 'key-a', body: { proofPhoto: 'data:image/jpeg;base64,/9j/' } },
    ]);
    expect(await getOutboxRecord('key-a')).toBeUndefined();
  });

  it('when another admin already made the same move, then the item ends as done, naming who', async () => {
    await putOutboxRecord(adminRecord('key-b', collect));
    serve(() =>
      Response.json(
        {
          message: 'This pickup was already collected by dave.',
          current: { status: 'collected', actorName: 'dave', at: '2026-11-21T05:04:00.000Z' },
        },
        { status: 409 },
      ),
    );
    await drainOutbox();
    const record = await getOutboxRecord('key-b');
    expect(record?.state).toBe('done');
    expect(record?.error).toMatch(/^Already collected by dave at /);
  });

  it('when the record moved elsewhere meanwhile, then the item fails with the server’s message and stays until discarded', async () => {
    await putOutboxRecord(
      adminRecord('key-c', {
        ...collect,
        path: '/api/purchase-requests/3/status',
        target: 'approved',
        subject: { type: 'purchase-request', id: '3' },
      }),
    );
    serve(() =>
      Response.json(
        {
          message: "This purchase request was rejected by dave, so it can't become approved.",
          current: { status: 'rejected', actorName: 'dave', at: null },
        },
        { status: 409 },
      ),
    );
    const summary = await drainOutbox();
    expect(await getOutboxRecord('key-c')).toMatchObject({
      state: 'failed',
      error: "This purchase request was rejected by dave, so it can't become approved.",
    });
    // The worker notifies the device of it (when the app is not on screen) from this list.
    expect(summary.failedAdmin).toEqual([
      { id: 'key-c', label: expect.any(String), error: "This purchase request was rejected by dave, so it can't become approved." },
    ]);
  });

  it('when there is no answer, then it stays queued for the next trigger, and a user already deleted counts as done', async () => {
    await putOutboxRecord(adminRecord('key-d', collect));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/marketplace/me') return Response.json({ username: 'carol' });
        throw new TypeError('Failed to fetch');
      }),
    );
    await drainOutbox();
    expect((await getOutboxRecord('key-d'))?.state).toBe('queued');

    await putOutboxRecord(
      adminRecord('key-e', {
        method: 'DELETE',
        path: '/api/admin/marketplace-users/erin',
        subject: { type: 'user', id: 'erin' },
        target: 'deleted',
        label: 'Delete user: erin',
      }),
    );
    serve(() => Response.json({ message: "There is no user named 'erin'" }, { status: 404 }));
    await drainOutbox();
    expect(await getOutboxRecord('key-e')).toMatchObject({ state: 'done', error: 'Already deleted.' });
  });
});
