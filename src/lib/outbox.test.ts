import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, setUnauthorizedHandler } from './api-client';
import { submitPurchase, submitSell, type SellInput } from './outbox';
import { listOutboxRecords } from './outbox-store';
import { clearSessionNotice, getSessionNotice, setSessionNotice } from './session-notice';
import { deleteTestDb } from '../test/idb';

const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });
const input: SellInput = {
  username: 'alice',
  submission: { ps5Name: 'AK-47', robloxName: 'weapons', hasMultipleQuantity: false, quantity: 1, paymentMethod: 'usd' },
  sellRequest: { itemName: 'AK-47', category: 'weapons' },
  photo,
};
const purchase = { requesterName: 'alice', items: [{ name: 'Glock', category: 'Weapons', quantity: 1 }], totalPrice: 2 };

type Answer = 'network' | { status: number; body?: unknown };
let answers: Answer[];
let calls: Array<{ path: string; key: string | null }>;

beforeEach(() => {
  answers = [];
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      calls.push({ path, key: new Headers(init?.headers).get('Idempotency-Key') });
      const answer = answers.shift() ?? { status: 201, body: { id: calls.length, imageUrl: '/api/images/1.jpg' } };
      if (answer === 'network') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(answer.body ?? { message: `Refused ${answer.status}` }), { status: answer.status });
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await deleteTestDb();
});

describe('submitSell', () => {
  it('when the server answers, then it is sent: the submission then the sell request, with keys derived from one key', async () => {
    const outcome = await submitSell(input);
    expect(outcome.status).toBe('sent');
    expect(calls.map((c) => c.path)).toEqual(['/api/item-submissions', '/api/user-sell-requests']);
    const [key] = calls[0].key!.split(':');
    expect(calls.map((c) => c.key)).toEqual([`${key}:submission`, `${key}:sell-request`]);
    expect(await listOutboxRecords()).toEqual([]);
  });

  it('when the device is offline, then nothing is sent and the item is queued with its photo', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const outcome = await submitSell(input);
    expect(outcome.status).toBe('queued');
    expect(calls).toEqual([]);
    const [record] = await listOutboxRecords();
    expect(record).toMatchObject({ id: (outcome as { id: string }).id, kind: 'sell', username: 'alice', state: 'queued', attempts: 0 });
    expect(record.photo?.size).toBe(4);
  });

  it('when the send fails on the network, then the item is queued under the key it was first sent with', async () => {
    answers = ['network'];
    const outcome = await submitSell(input);
    expect(outcome.status).toBe('queued');
    const [record] = await listOutboxRecords();
    expect(calls[0].key).toBe(`${record.id}:submission`);
  });

  it('when the submission got through but the sell request did not, then the item is queued with the confirmed submission', async () => {
    answers = [{ status: 201, body: { id: 9, imageUrl: '/api/images/9.jpg' } }, 'network'];
    expect((await submitSell(input)).status).toBe('queued');
    const [record] = await listOutboxRecords();
    expect(record.progress).toEqual({ submission: { id: 9, imageUrl: '/api/images/9.jpg' } });
  });

  it.each([500, 503, 429, 408])('when the server answers %i, then the item is queued for later', async (status) => {
    answers = [{ status }];
    expect((await submitSell(input)).status).toBe('queued');
    expect(await listOutboxRecords()).toHaveLength(1);
  });

  it('when the session has ended (401), then the item is kept as needs-login, to go out after the next login', async () => {
    answers = [{ status: 401, body: { message: 'Please log in' } }];
    expect((await submitSell(input)).status).toBe('queued');
    expect(await listOutboxRecords()).toMatchObject([
      { state: 'needs-login', error: 'Your session has ended. Log in again to send this.' },
    ]);
  });

  it("when the server refuses it (413), then it throws ApiError with the server's message and queues nothing", async () => {
    answers = [{ status: 413, body: { message: 'The photo is too large (at most 6 MB)' } }];
    await expect(submitSell(input)).rejects.toMatchObject({
      name: 'ApiError',
      status: 413,
      serverMessage: 'The photo is too large (at most 6 MB)',
    });
    expect(await listOutboxRecords()).toEqual([]);
  });
});

describe('submitPurchase', () => {
  it('when offline and the dialog allowed queueing, then it is queued', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const outcome = await submitPurchase(purchase, { username: 'alice', allowQueue: true });
    expect(outcome.status).toBe('queued');
    expect(await listOutboxRecords()).toMatchObject([{ kind: 'purchase', payload: purchase }]);
  });

  it('when offline without permission to queue, then it throws NetworkError', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    await expect(submitPurchase(purchase, { username: 'alice' })).rejects.toBeInstanceOf(NetworkError);
    expect(await listOutboxRecords()).toEqual([]);
  });

  it('when the network fails while sending and queueing is allowed, then it is queued under the key it was sent with', async () => {
    answers = ['network'];
    const outcome = await submitPurchase(purchase, { username: 'alice', allowQueue: true });
    expect(outcome).toEqual({ status: 'queued', id: calls[0].key });
  });

  it('when the server says the prices changed, then it throws and nothing is queued', async () => {
    answers = [{ status: 409, body: { message: 'Prices have changed' } }];
    const error = await submitPurchase(purchase, { username: 'alice', allowQueue: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverMessage).toBe('Prices have changed');
    expect(await listOutboxRecords()).toEqual([]);
  });

  it('when the session has ended (401) and queueing is allowed, then it is kept until the login and the login screen is told', async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    });
    setUnauthorizedHandler(() => undefined);
    setSessionNotice('session-ended', 'alice');
    answers = [{ status: 401, body: { message: 'Please log in to continue', reason: 'session-ended' } }];
    const outcome = await submitPurchase(purchase, { username: 'alice', allowQueue: true });
    expect(outcome).toEqual({ status: 'queued', id: calls[0].key, needsLogin: true });
    expect(await listOutboxRecords()).toMatchObject([{ id: calls[0].key, kind: 'purchase', state: 'needs-login', payload: purchase }]);
    expect(getSessionNotice()).toMatchObject({ reason: 'session-ended', username: 'alice', kept: true });
    clearSessionNotice();
  });
});
