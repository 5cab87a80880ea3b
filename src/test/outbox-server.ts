// Test-only: the server as the outbox sees it, for the tests of the drain (shared) and of the features' senders and
// first sends. Both stand in for fetch; a test stubs it with `vi.stubGlobal('fetch', …)`.
import { vi } from 'vitest';

/** A tiny stand-in for the server's idempotent creating POSTs and the session check, as the drain meets them. */
export function fakeServer() {
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

/** What the next call gets: no answer at all, or a status with a JSON body (the server's message by default). */
export type ScriptedAnswer = 'network' | { status: number; body?: unknown };

/**
 * The server as a first send meets it: each call takes the next scripted answer (201 with a new id once the script
 * is empty), and every call is recorded with its path and Idempotency-Key.
 */
export function scriptedServer() {
  const state = { answers: [] as ScriptedAnswer[], calls: [] as Array<{ path: string; key: string | null }> };
  const fetchImpl = vi.fn(async (path: string, init?: RequestInit) => {
    state.calls.push({ path, key: new Headers(init?.headers).get('Idempotency-Key') });
    const answer = state.answers.shift() ?? { status: 201, body: { id: state.calls.length, imageUrl: '/api/images/1.jpg' } };
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body ?? { message: `Refused ${answer.status}` }), { status: answer.status });
  });
  return { state, fetchImpl };
}
