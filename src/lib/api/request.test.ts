import { afterEach, describe, expect, it, vi } from 'vitest';
import { request, setSessionEndListener } from './request';

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionEndListener(() => undefined);
});

function serve(answer: () => Response | Promise<Response>) {
  const fetchImpl = vi.fn(async (_path: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchImpl);
  return fetchImpl;
}

describe('request', () => {
  it('when the server answers 2xx, then the result is ok with the JSON body, sent with credentials, JSON and the key', async () => {
    const fetchImpl = serve(() => Response.json({ id: 3 }, { status: 201 }));
    expect(await request('/api/things', { method: 'POST', body: { a: 1 }, idempotencyKey: 'k-1' })).toEqual({
      kind: 'ok',
      status: 201,
      data: { id: 3 },
    });
    const init = fetchImpl.mock.calls[0][1]!;
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
    expect(init.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': 'k-1' });
  });

  it("when the server refuses, then the result carries the status, the server's message and the '{status}: {body}' summary", async () => {
    serve(() => new Response(JSON.stringify({ message: 'Prices have changed' }), { status: 409, statusText: 'Conflict' }));
    expect(await request('/api/purchase-requests')).toEqual({
      kind: 'refused',
      status: 409,
      message: 'Prices have changed',
      body: { message: 'Prices have changed' },
      statusText: 'Conflict',
      summary: '409: {"message":"Prices have changed"}',
    });
  });

  it('when there is no answer, then the result is offline and nothing throws', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await request('/api/things')).toMatchObject({ kind: 'offline' });
  });

  it("when a keyed call's 2xx body is cut off, then it counts as no answer; an unkeyed one answers the text", async () => {
    serve(() => new Response('{"id":', { status: 201 }));
    expect(await request('/api/things', { method: 'POST', body: {}, idempotencyKey: 'k-1' })).toMatchObject({ kind: 'offline' });
    expect(await request('/api/things')).toEqual({ kind: 'ok', status: 201, data: '{"id":' });
  });

  it('when the server answers 401, then the session ends with its reason unless the caller handles it', async () => {
    const ended = vi.fn();
    setSessionEndListener(ended);
    serve(() => Response.json({ message: 'Please log in', reason: 'password-changed' }, { status: 401 }));
    expect(await request('/api/things', { handle401: false })).toMatchObject({ kind: 'refused', status: 401 });
    expect(ended).not.toHaveBeenCalled();
    expect(await request('/api/things')).toMatchObject({ kind: 'refused', status: 401, message: 'Please log in' });
    expect(ended).toHaveBeenCalledWith('password-changed');
  });
});
