// Test-only: the server as the outbox sees it, for the tests of the drain (shared) and of the features' senders and
// first sends. Both stand in for fetch; a test stubs it with `vi.stubGlobal('fetch', …)`.
import { afterEach, beforeEach, vi } from 'vitest';
import type { OutboxRecord } from '../lib/db';
import { installOutboxSenders, type OutboxSender, type SenderKind } from '../lib/outbox/senders';
import { deleteTestDb } from './idb';

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

/**
 * Stubs fetch with a fake server around each test of the file, with `senders` registered for the drain, and clears
 * them and the outbox after. `.state` is the live server's; `useSender` registers one more for the current test.
 */
export function withFakeServer(...senders: Array<[SenderKind, OutboxSender]>) {
  const handle = {} as { state: ReturnType<typeof fakeServer>['state']; useSender: (kind: SenderKind, sender: OutboxSender) => void };
  let registered: Array<() => void> = [];
  handle.useSender = (kind, sender) => void registered.push(installOutboxSenders({ [kind]: sender }));
  beforeEach(() => {
    const { state, fetchImpl } = fakeServer();
    handle.state = state;
    vi.stubGlobal('fetch', fetchImpl);
    registered = [];
    for (const [kind, sender] of senders) handle.useSender(kind, sender);
  });
  afterEach(async () => {
    for (const unregister of registered.reverse()) unregister();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    await deleteTestDb();
  });
  return handle;
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

/** Stubs fetch with a scripted server around each test of the file and clears the outbox after; `.state` is the live one. */
export function withScriptedServer(): { state: ReturnType<typeof scriptedServer>['state'] } {
  const handle = {} as { state: ReturnType<typeof scriptedServer>['state'] };
  beforeEach(() => {
    const { state, fetchImpl } = scriptedServer();
    handle.state = state;
    vi.stubGlobal('fetch', fetchImpl);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await deleteTestDb();
  });
  return handle;
}

/** An outbox item as the drain finds it: queued, never tried, made by alice. */
export function queuedRecord(kind: OutboxRecord['kind'], payload: unknown, patch: Partial<OutboxRecord> = {}): OutboxRecord {
  return {
    id: 'key-1',
    kind,
    username: 'alice',
    payload,
    state: 'queued',
    attempts: 0,
    createdAt: '2026-11-21T05:00:00.000Z',
    updatedAt: '2026-11-21T05:00:00.000Z',
    ...patch,
  };
}

/** A feature's sender of two calls, the first kept as a step once the server confirms it (as a sell's submission is). */
export const twoStepSender: OutboxSender = async (item, post, onStep) => {
  if (!item.progress?.first) {
    const answer = await post('/api/first', item.payload, `${item.id}:first`);
    if (answer.kind !== 'ok') return answer;
    await onStep('first', answer.data);
  }
  return post('/api/second', item.payload, `${item.id}:second`);
};
