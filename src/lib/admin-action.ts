// Admin transitions (approve, reject, complete a drop, deny, schedule a pickup, mark collected or paid, promote,
// demote, delete) through the outbox: made offline or on a network failure, they are queued with the
// Idempotency-Key chosen when the admin acted and sent once by the one drain path. No DOM-only APIs: the page and the
// service worker share it.
import { TransitionConflict } from '../domain/schemas/history';
import { photoToDataUrl, timeoutSignal, POST_TIMEOUT_MS } from './outbox/transport';
import { lazyDateFormat } from './lazy-date-format';

export type AdminMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a queued admin action keeps: the call, and what the card and the outbox view say about it. */
export interface AdminAction {
  method: AdminMethod;
  path: string;
  body?: Record<string, unknown>;
  /** The record it moves, as the cards find it. */
  subject: { type: 'purchase-request' | 'submission' | 'pickup' | 'user'; id: string };
  /** The state it moves the record to ('collected', 'approved', 'admin', 'deleted', …), shown while it waits. */
  target: string;
  /** One line for the outbox view: "Mark collected: Golden AK from alice". */
  label: string;
  /** The body field a queued photo Blob is sent in (a handover's proof). */
  photoField?: string;
}

/** The answer to one admin call: the body on 2xx; otherwise the status (0: no answer), message and body. */
export type AdminOutcome =
  { ok: true; status: number; data: unknown } | { ok: false; status: number; message: string | null; data?: unknown; statusText?: string };

/** Sends one admin call with its key; never throws for HTTP or network failures. */
export async function fetchAdminCall(action: AdminAction, key: string, photo?: Blob | null): Promise<AdminOutcome> {
  const body = { ...action.body, ...(photo && action.photoField ? { [action.photoField]: await photoToDataUrl(photo) } : {}) };
  let response: Response;
  try {
    response = await fetch(action.path, {
      method: action.method,
      credentials: 'include',
      cache: 'no-store',
      signal: timeoutSignal(POST_TIMEOUT_MS),
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: action.method === 'DELETE' ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: null };
  }
  let data: unknown = null;
  try {
    const text = await response.text();
    data = text ? JSON.parse(text) : null;
  } catch {
    // A 2xx whose body was cut off: ask again later; the key makes the server answer the first result.
    if (response.ok) return { ok: false, status: 0, message: null };
  }
  if (response.ok) return { ok: true, status: response.status, data };
  const message =
    data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
      ? (data as { message: string }).message
      : null;
  return { ok: false, status: response.status, message, data, statusText: response.statusText };
}

const timeFormat = lazyDateFormat({ day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

/**
 * When a refused action had in fact already happened — another admin moved the record to the same state — the text
 * that says who did it and when; null when the refusal is a real failure.
 */
export function alreadyDone(action: AdminAction, outcome: AdminOutcome): string | null {
  if (outcome.ok) return null;
  if (action.method === 'DELETE' && outcome.status === 404) return 'Already deleted.';
  if (outcome.status !== 409) return null;
  const parsed = TransitionConflict.safeParse(outcome.data);
  if (!parsed.success || parsed.data.current.status !== action.target) return null;
  const { actorName, at } = parsed.data.current;
  return `Already ${action.target}${actorName ? ` by ${actorName}` : ''}${at ? ` at ${timeFormat.format(new Date(at))}` : ''}.`;
}
