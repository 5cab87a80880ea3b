import { describe, expect, it } from 'vitest';
import type { OutboxRecord } from '../db';
import { classifyStatus, NEEDS_LOGIN_MESSAGE, OutboxTransitionError, sendable, transition, type OutboxEvent } from './machine';

const T0 = '2026-11-21T05:00:00.000Z';
const T1 = '2026-11-21T05:01:00.000Z';

function record(patch: Partial<OutboxRecord> = {}): OutboxRecord {
  return {
    id: 'key-1',
    kind: 'sell',
    username: 'alice',
    payload: {},
    state: 'queued',
    attempts: 0,
    createdAt: T0,
    updatedAt: T0,
    ...patch,
  };
}

const sending = () => transition(record(), { type: 'send' }, T1)!;

describe('classifyStatus', () => {
  it.each([
    [200, 'confirmed'],
    [201, 'confirmed'],
    [204, 'confirmed'],
    [0, 'retry-later'],
    [408, 'retry-later'],
    [429, 'retry-later'],
    [500, 'retry-later'],
    [502, 'retry-later'],
    [503, 'retry-later'],
    [401, 'needs-login'],
    [400, 'failed'],
    [403, 'failed'],
    [404, 'failed'],
    [409, 'failed'],
    [413, 'failed'],
    [415, 'failed'],
    [422, 'failed'],
  ])('when the answer is %i, then the verdict is %s', (status, verdict) => {
    expect(classifyStatus(status)).toBe(verdict);
  });
});

describe('transition', () => {
  it('when a queued item is sent, then it is sending, counts the attempt and keeps its Idempotency-Key', () => {
    const next = sending();
    expect(next).toMatchObject({ id: 'key-1', state: 'sending', attempts: 1, updatedAt: T1, createdAt: T0 });
  });

  it('when the server confirms, then the item leaves the outbox', () => {
    expect(transition(sending(), { type: 'confirmed' }, T1)).toBeNull();
  });

  it('when there is no answer, then the item is queued again with the same key', () => {
    expect(transition(sending(), { type: 'network-error' }, T1)).toMatchObject({ id: 'key-1', state: 'queued', attempts: 1 });
  });

  it.each([408, 429, 500, 503])('when the server answers %i, then the item stays queued for the next trigger', (status) => {
    expect(transition(sending(), { type: 'refused', status, message: 'Busy' }, T1)).toMatchObject({ state: 'queued' });
  });

  it('when the server answers 401, then the item is kept and asks the player to log in', () => {
    expect(transition(sending(), { type: 'refused', status: 401, message: 'Please log in' }, T1)).toMatchObject({
      id: 'key-1',
      state: 'needs-login',
      error: NEEDS_LOGIN_MESSAGE,
    });
  });

  it("when the server refuses with another 4xx, then the item fails with the server's message", () => {
    expect(transition(sending(), { type: 'refused', status: 409, message: 'Prices have changed' }, T1)).toMatchObject({
      state: 'failed',
      error: 'Prices have changed',
    });
  });

  it('when a refusal has no message, then the failure still says what happened', () => {
    expect(transition(sending(), { type: 'refused', status: 400, message: null }, T1)?.error).toBe('The server refused this (400).');
  });

  it('when a step is confirmed, then the item stays sending and remembers the result', () => {
    const next = transition(sending(), { type: 'step-confirmed', step: 'submission', result: { id: 7 } }, T1);
    expect(next).toMatchObject({ state: 'sending', progress: { submission: { id: 7 } } });
    // A later network failure keeps the progress, so the replay skips the confirmed step.
    expect(transition(next!, { type: 'network-error' }, T1)?.progress).toEqual({ submission: { id: 7 } });
  });

  it('when a drain died mid-send, then the next drain puts the item back in the queue', () => {
    expect(transition(sending(), { type: 'interrupted' }, T1)).toMatchObject({ state: 'queued' });
  });

  it('when a failed or needs-login item is retried, then it is queued without its old message', () => {
    const failed = transition(sending(), { type: 'refused', status: 409, message: 'Prices have changed' }, T1)!;
    expect(transition(failed, { type: 'retry' }, T1)).toMatchObject({ state: 'queued', error: undefined });
    const login = transition(sending(), { type: 'refused', status: 401, message: null }, T1)!;
    expect(transition(login, { type: 'retry' }, T1)).toMatchObject({ state: 'queued', error: undefined });
    expect(transition(login, { type: 'signed-in' }, T1)).toMatchObject({ state: 'queued' });
  });

  it.each(['queued', 'failed', 'needs-login'] as const)('when a %s item is discarded, then it leaves the outbox', (state) => {
    expect(transition(record({ state }), { type: 'discard' }, T1)).toBeNull();
  });

  const illegal: Array<[OutboxRecord['state'], OutboxEvent]> = [
    ['sending', { type: 'send' }],
    ['failed', { type: 'send' }],
    ['needs-login', { type: 'send' }],
    ['queued', { type: 'confirmed' }],
    ['queued', { type: 'network-error' }],
    ['queued', { type: 'refused', status: 500, message: null }],
    ['failed', { type: 'confirmed' }],
    ['queued', { type: 'retry' }],
    ['sending', { type: 'retry' }],
    ['sending', { type: 'discard' }],
    ['queued', { type: 'signed-in' }],
    ['queued', { type: 'interrupted' }],
  ];
  it.each(illegal)('when a %s item gets %o, then the machine refuses', (state, event) => {
    expect(() => transition(record({ state }), event, T1)).toThrow(OutboxTransitionError);
  });

  it('never changes the record it was given', () => {
    const before = record();
    const copy = structuredClone(before);
    transition(before, { type: 'send' }, T1);
    expect(before).toEqual(copy);
  });
});

describe('sendable', () => {
  it("when items of several users and states wait, then only the user's queued ones are sent, oldest first", () => {
    const items = [
      record({ id: 'b', createdAt: '2026-11-21T05:02:00.000Z' }),
      record({ id: 'a', createdAt: '2026-11-21T05:01:00.000Z', username: 'Alice' }),
      record({ id: 'c', username: 'bob' }),
      record({ id: 'd', state: 'failed' }),
      record({ id: 'e', state: 'needs-login' }),
    ];
    expect(sendable(items, 'alice').map((r) => r.id)).toEqual(['a', 'b']);
  });
});
