// The outbox as a pure state machine: what happens to a queued item on each
// event. No IndexedDB, no fetch, no clock: the store and the drain apply these transitions.
//
//   queued ──send──▶ sending ──confirmed──▶ (removed)
//     ▲                 │ network / 408 / 429 / 5xx ──▶ queued (kept for the next trigger)
//     │                 │ 401 ──▶ needs-login ──signed-in / retry──▶ queued
//     │                 │ other 4xx ──▶ failed (server's message) ──retry──▶ queued
//     └──interrupted────┘ (a drain that died mid-send: found 'sending' by the next drain)
//                       │ 409, record already in the target state (another admin did it) ──▶ done (who, when)
//   discard: queued | failed | needs-login | done ──▶ (removed)
import type { OutboxRecord, OutboxState } from '../db';

export type OutboxEvent =
  | { type: 'send' }
  | { type: 'step-confirmed'; step: string; result: unknown }
  | { type: 'confirmed' }
  | { type: 'network-error' }
  | { type: 'refused'; status: number; message: string | null }
  | { type: 'already-done'; message: string }
  | { type: 'interrupted' }
  | { type: 'signed-in' }
  | { type: 'retry' }
  | { type: 'discard' };

/** What an HTTP answer (or 0 for no answer) means for a queued item. */
export type Verdict = 'confirmed' | 'retry-later' | 'needs-login' | 'failed';

/** Classifies a status: 2xx confirms; 401 asks for a login; 408/429/5xx/no answer retry; other 4xx fail. */
export function classifyStatus(status: number): Verdict {
  if (status >= 200 && status < 300) return 'confirmed';
  if (status === 401) return 'needs-login';
  if (status === 0 || status === 408 || status === 429 || status >= 500) return 'retry-later';
  return 'failed';
}

export class OutboxTransitionError extends Error {
  constructor(from: OutboxState, event: OutboxEvent['type']) {
    super(`Outbox item in state '${from}' cannot take '${event}'`);
    this.name = 'OutboxTransitionError';
  }
}

/** Message shown on an item that needs the player to sign in again. */
export const NEEDS_LOGIN_MESSAGE = 'Your session has ended. Log in again to send this.';

/** Applies an event; returns the next record, or null when the item leaves the outbox. Throws on an illegal event. */
export function transition(record: OutboxRecord, event: OutboxEvent, now: string): OutboxRecord | null {
  const from = record.state;
  const to = (state: OutboxState, patch: Partial<OutboxRecord> = {}): OutboxRecord => ({ ...record, ...patch, state, updatedAt: now });
  const illegal = () => new OutboxTransitionError(from, event.type);

  switch (event.type) {
    case 'send':
      if (from !== 'queued') throw illegal();
      return to('sending', { attempts: record.attempts + 1, error: undefined });
    case 'step-confirmed':
      if (from !== 'sending') throw illegal();
      return to('sending', { progress: { ...record.progress, [event.step]: event.result } });
    case 'confirmed':
      if (from !== 'sending') throw illegal();
      return null;
    case 'network-error':
      if (from !== 'sending') throw illegal();
      return to('queued');
    case 'refused': {
      if (from !== 'sending') throw illegal();
      const verdict = classifyStatus(event.status);
      if (verdict === 'confirmed') return null;
      if (verdict === 'retry-later') return to('queued', { error: event.message ?? undefined });
      if (verdict === 'needs-login') return to('needs-login', { error: NEEDS_LOGIN_MESSAGE });
      return to('failed', { error: event.message ?? `The server refused this (${event.status}).` });
    }
    case 'already-done':
      if (from !== 'sending') throw illegal();
      return to('done', { error: event.message });
    case 'interrupted':
      if (from !== 'sending') throw illegal();
      return to('queued');
    case 'signed-in':
      if (from !== 'needs-login') throw illegal();
      return to('queued', { error: undefined });
    case 'retry':
      if (from !== 'failed' && from !== 'needs-login') throw illegal();
      return to('queued', { error: undefined });
    case 'discard':
      if (from === 'sending') throw illegal();
      return null;
  }
}

/** The items a drain should send now: the user's queued ones whose hold (if any) is over, oldest first. */
export function sendable(records: OutboxRecord[], username: string, now = Date.now()): OutboxRecord[] {
  return records
    .filter((r) => r.state === 'queued' && !isHeld(r, now) && r.username.toLowerCase() === username.toLowerCase())
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** True while an item waits for its not-before time (an action the admin may still undo). */
export function isHeld(record: Pick<OutboxRecord, 'notBefore'>, now = Date.now()): boolean {
  return record.notBefore !== undefined && Date.parse(record.notBefore) > now;
}

/** The earliest instant (ms) a held item of these may be sent, or null when none is held. */
export function nextHoldEnd(records: OutboxRecord[], now = Date.now()): number | null {
  const ends = records.filter((r) => r.state === 'queued' && isHeld(r, now)).map((r) => Date.parse(r.notBefore!));
  return ends.length ? Math.min(...ends) : null;
}
