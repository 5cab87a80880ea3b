import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxRecord } from './db';
import { drainOutbox, DRAIN_LOCK } from './outbox-drain';
import { getOutboxRecord, listOutboxRecords, putOutboxRecord } from './outbox-store';
import type { SellPayload } from './outbox-transport';
import { deleteTestDb } from '../test/idb';

/** A tiny stand-in for the server's idempotent creating POSTs and the session check. */
function fakeServer() {
  const state = {
    me: 'alice' as string | null,
    created: [] as Array<{ path: string; key: string; body: Record<string, unknown> }>,
    posts: [] as Array<{ path: string; key: string }>,
    answers: new Map<string, { status: number; body: unknown }>(),
    /** Next POST answers: 'network' (no request reaches the server), 'drop' (committed, answer lost) or a status. */
    script: [] as Array<'network' | 'drop' | number>,
    /** Per path: the next POST to it gets no answer. */
    cutPath: null as string | null,
  };
  let nextId = 1;
  const fetchImpl = vi.fn(async (input: string, init?: RequestInit) => {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (input === '/api/marketplace/me') return state.me ? json(200, { username: state.me }) : json(401, { message: 'Please log in' });
    const key = new Headers(init?.headers).get('Idempotency-Key')!;
    state.posts.push({ path: input, key });
    const step = state.cutPath === input ? 'network' : state.script.shift();
    if (state.cutPath === input) state.cutPath = null;
    if (step === 'network') throw new TypeError('Failed to fetch');
    if (typeof step === 'number') return json(step, { message: `Refused with ${step}` });
    if (!state.answers.has(key)) {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      const id = nextId++;
      state.created.push({ path: input, key, body });
      state.answers.set(key, { status: 201, body: { id, imageUrl: body.imageUrl ? `/api/images/${id}.jpg` : null } });
    }
    if (step === 'drop') throw new TypeError('network changed');
    const answer = state.answers.get(key)!;
    return json(answer.status, answer.body);
  });
  return { state, fetchImpl };
}

const sellPayload: SellPayload = {
  submission: { ps5Name: 'AK-47', robloxName: 'Item', hasMultipleQuantity: false, quantity: 1, paymentMethod: 'usd' },
  sellRequest: { itemName: 'AK-47', category: 'Weapons' },
};

function sellRecord(patch: Partial<OutboxRecord> = {}): OutboxRecord {
  return {
    id: 'key-1',
    kind: 'sell',
    username: 'alice',
    payload: sellPayload,
    photo: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }),
    state: 'queued',
    attempts: 0,
    createdAt: '2026-11-21T05:00:00.000Z',
    updatedAt: '2026-11-21T05:00:00.000Z',
    ...patch,
  };
}

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetchImpl);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await deleteTestDb();
});

describe('drainOutbox', () => {
  it('when a sell with a photo is queued, then the submission and then the sell request are created with derived keys and the item leaves', async () => {
    await putOutboxRecord(sellRecord());
    expect(await drainOutbox()).toEqual({ sent: 1, retryLater: 0, failed: 0, needsLogin: 0, failedAdmin: [] });
    expect(server.state.created.map((c) => [c.path, c.key])).toEqual([
      ['/api/item-submissions', 'key-1:submission'],
      ['/api/user-sell-requests', 'key-1:sell-request'],
    ]);
    expect(server.state.created[0].body).toMatchObject({
      ps5Name: 'AK-47',
      submittedBy: 'alice',
      imageUrl: 'data:image/jpeg;base64,/9j/4A==',
    });
    expect(server.state.created[1].body).toMatchObject({ submissionId: 1, itemName: 'AK-47', category: 'Weapons', status: 'pending' });
    expect(await listOutboxRecords()).toEqual([]);
  });

  it('when the network is gone, then the item stays queued with the same key and the next drain sends it once', async () => {
    await putOutboxRecord(sellRecord());
    server.state.script = ['network'];
    expect(await drainOutbox()).toMatchObject({ sent: 0, retryLater: 1 });
    expect(await getOutboxRecord('key-1')).toMatchObject({ id: 'key-1', state: 'queued', attempts: 1 });
    expect(server.state.created).toEqual([]);
    expect(await drainOutbox()).toMatchObject({ sent: 1 });
    expect(server.state.created).toHaveLength(2);
  });

  it('when the answer is lost after the server committed, then the replay creates nothing new', async () => {
    await putOutboxRecord(sellRecord());
    server.state.script = ['drop'];
    await drainOutbox();
    expect(await getOutboxRecord('key-1')).toMatchObject({ state: 'queued' });
    await drainOutbox();
    expect(await listOutboxRecords()).toEqual([]);
    expect(server.state.created.filter((c) => c.path === '/api/item-submissions')).toHaveLength(1);
    expect(server.state.created.filter((c) => c.path === '/api/user-sell-requests')).toHaveLength(1);
  });

  it('when only the submission got through, then the replay skips it (no second upload) and makes the sell request once', async () => {
    await putOutboxRecord(sellRecord());
    server.state.cutPath = '/api/user-sell-requests';
    await drainOutbox();
    const kept = await getOutboxRecord('key-1');
    expect(kept).toMatchObject({ state: 'queued', progress: { submission: { id: 1 } } });
    server.state.posts = [];
    await drainOutbox();
    expect(server.state.posts.map((p) => p.path)).toEqual(['/api/user-sell-requests']);
    expect(server.state.created.map((c) => c.key)).toEqual(['key-1:submission', 'key-1:sell-request']);
  });

  it.each([408, 429, 500, 503])('when the server answers %i, then the item is kept for the next trigger', async (status) => {
    await putOutboxRecord(sellRecord());
    server.state.script = [status];
    expect(await drainOutbox()).toMatchObject({ retryLater: 1 });
    expect(await getOutboxRecord('key-1')).toMatchObject({ state: 'queued' });
  });

  it('when the session has ended (401), then the item is kept as needs-login and goes out after the player signs in', async () => {
    await putOutboxRecord(sellRecord());
    server.state.me = null;
    server.state.script = [401];
    expect(await drainOutbox()).toMatchObject({ needsLogin: 1 });
    expect(await getOutboxRecord('key-1')).toMatchObject({ state: 'needs-login' });
    server.state.me = 'alice';
    expect(await drainOutbox()).toMatchObject({ sent: 1 });
    expect(await listOutboxRecords()).toEqual([]);
  });

  it("when the server refuses with 409, then the item fails with the server's message and is not replayed", async () => {
    await putOutboxRecord({
      ...sellRecord(),
      kind: 'purchase',
      payload: { items: [{ name: 'Glock', category: 'Weapons', quantity: 1 }], totalPrice: 2 },
    });
    server.state.script = [409];
    expect(await drainOutbox()).toMatchObject({ failed: 1 });
    expect(await getOutboxRecord('key-1')).toMatchObject({ state: 'failed', error: 'Refused with 409' });
    server.state.posts = [];
    await drainOutbox();
    expect(server.state.posts).toEqual([]);
  });

  it('when a purchase is queued, then it is posted once with its own key', async () => {
    await putOutboxRecord({
      ...sellRecord({ id: 'p-1' }),
      kind: 'purchase',
      photo: undefined,
      payload: { items: [{ name: 'Glock', category: 'Weapons', quantity: 1 }], totalPrice: 2 },
    });
    await drainOutbox();
    expect(server.state.created.map((c) => [c.path, c.key])).toEqual([['/api/purchase-requests', 'p-1']]);
  });

  it("when another player is signed in, then this player's items are not sent", async () => {
    await putOutboxRecord(sellRecord());
    server.state.me = 'bob';
    await drainOutbox();
    expect(server.state.posts).toEqual([]);
    expect(await getOutboxRecord('key-1')).toMatchObject({ state: 'queued' });
  });

  it('when an item was left sending by a drain that died, then the next drain sends it', async () => {
    await putOutboxRecord(sellRecord({ state: 'sending', attempts: 1 }));
    expect(await drainOutbox()).toMatchObject({ sent: 1 });
  });

  it('when two drains start at once, then they run one after the other and each item is posted once', async () => {
    await putOutboxRecord(sellRecord());
    await putOutboxRecord(sellRecord({ id: 'key-2', createdAt: '2026-11-21T05:00:01.000Z' }));
    const [a, b] = await Promise.all([drainOutbox(), drainOutbox()]);
    expect(a.sent + b.sent).toBe(2);
    expect(server.state.posts.filter((p) => p.path === '/api/item-submissions').map((p) => p.key)).toEqual([
      'key-1:submission',
      'key-2:submission',
    ]);
  });

  it('when the browser has Web Locks, then every drain holds the outbox-drain lock', async () => {
    const held: string[] = [];
    let active = 0;
    let maxActive = 0;
    let chain = Promise.resolve<unknown>(undefined);
    const locks = {
      request: <T>(name: string, task: () => Promise<T>) => {
        held.push(name);
        const run = chain.then(async () => {
          maxActive = Math.max(maxActive, ++active);
          try {
            return await task();
          } finally {
            active--;
          }
        });
        chain = run.catch(() => undefined);
        return run;
      },
    };
    vi.stubGlobal('navigator', { locks });
    await putOutboxRecord(sellRecord());
    await Promise.all([drainOutbox(), drainOutbox(), drainOutbox()]);
    expect(held).toEqual([DRAIN_LOCK, DRAIN_LOCK, DRAIN_LOCK]);
    expect(maxActive).toBe(1);
    expect(server.state.created).toHaveLength(2);
  });
});
