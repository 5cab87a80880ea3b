// Admin transitions (approve, reject, complete a drop, deny, schedule a pickup, mark collected or paid, promote,
// demote, delete) through the outbox: made offline or on a network failure, they are queued with the
// Idempotency-Key chosen when the admin acted and sent once by the one drain path. No DOM-only APIs: the page and the
// service worker share it.
import { TransitionConflict } from '../domain/schemas/history';
import type { RecordKind } from '../domain/record-kind';
import { request, type RequestResult } from './api/request';
import { photoToDataUrl, POST_TIMEOUT_MS } from './outbox/transport';
import { lazyDateFormat } from './lazy-date-format';

export type AdminMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a queued admin action keeps: the call, and what the card and the outbox view say about it. */
export interface AdminAction {
  method: AdminMethod;
  path: string;
  body?: Record<string, unknown>;
  /** The record it moves, as the cards find it. */
  subject: { type: RecordKind | 'user' | 'catalogue-item'; id: string };
  /** The state it moves the record to ('collected', 'approved', 'admin', 'deleted', …), shown while it waits. */
  target: string;
  /** One line for the outbox view: "Mark collected: Golden AK from alice". */
  label: string;
  /** The body field a queued photo Blob is sent in (a handover's proof). */
  photoField?: string;
}

/**
 * Sends one admin call with its key through request(); never throws for HTTP or network failures. A 401 is only
 * reported (the caller queues the action until the admin logs in again), never signs out.
 */
export async function sendAdminCall(action: AdminAction, key: string, photo?: Blob | null): Promise<RequestResult> {
  const body = { ...action.body, ...(photo && action.photoField ? { [action.photoField]: await photoToDataUrl(photo) } : {}) };
  return request(action.path, {
    method: action.method,
    body: action.method === 'DELETE' ? undefined : body,
    idempotencyKey: key,
    handle401: false,
    noStore: true,
    timeoutMs: POST_TIMEOUT_MS,
  });
}

const timeFormat = lazyDateFormat({ day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

/**
 * When a refused action had in fact already happened — another admin moved the record to the same state — the text
 * that says who did it and when; null when the refusal is a real failure.
 */
export function alreadyDone(action: AdminAction, outcome: RequestResult): string | null {
  if (outcome.kind !== 'refused') return null;
  if (action.method === 'DELETE' && outcome.status === 404) return 'Already deleted.';
  if (outcome.status !== 409) return null;
  const parsed = TransitionConflict.safeParse(outcome.body);
  if (!parsed.success || parsed.data.current.status !== action.target) return null;
  const { actorName, at } = parsed.data.current;
  return `Already ${action.target}${actorName ? ` by ${actorName}` : ''}${at ? ` at ${timeFormat.format(new Date(at))}` : ''}.`;
}
