// The one way the client calls the API: credentials, JSON, the Idempotency-Key header and the session-ended handling
// live here and nowhere else. It never throws for an HTTP or network failure: the answer says what happened.
// apiRequest (api-client.ts) turns it into the throwing form queries and mutations want; the outbox (page and service
// worker) and the admin actions read the result as it is. No DOM-only APIs: the service worker loads it too.
import { isSessionEndReason, type SessionEndReason } from '@/domain/session-end';
import { i18n } from '@lingui/core';

/** What one call came to: the body on 2xx; a refusal with its status and the server's message; or no answer at all. */
export type RequestResult<T = unknown> =
  | { kind: 'ok'; status: number; data: T }
  | {
      kind: 'refused';
      status: number;
      /** The JSON body's `message`, or null. */
      message: string | null;
      /** The parsed body (the raw text when it is not JSON; undefined when empty). */
      body: unknown;
      /** The HTTP status text ('Forbidden'). */
      statusText: string;
      /** '{status}: {body text}', or '{status}: {status text}' when the body is empty. */
      summary: string;
    }
  /** No answer (offline, DNS, reset, timed out, aborted), or a keyed call's 2xx whose body was cut off. */
  | { kind: 'offline'; error: unknown };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Chosen when the action is first made, so a replay creates nothing new. A keyed call's 2xx whose body cannot be
   * read answers `offline`: what was created is unknown, and asking again with the same key answers the first result.
   */
  idempotencyKey?: string;
  /** When false a 401 does not end the session here (a wrong current password; the outbox marks its item instead). */
  handle401?: boolean;
  signal?: AbortSignal;
  /** Past this the call counts as no answer (a send with one bar of signal may hang). */
  timeoutMs?: number;
  /** Bypass the HTTP cache (the outbox's sends and session checks). */
  noStore?: boolean;
  /**
   * Ask the server every time, but through the HTTP cache: the browser sends `If-None-Match` and a 304 answers the
   * copy it holds (the catalogue's ETag, issue 49).
   */
  revalidate?: boolean;
}

type SessionEndListener = (reason: SessionEndReason | null) => void;
let sessionEndListener: SessionEndListener = () => undefined;

/**
 * What a 401 does (the page signs the device out: api-client.ts installs it). The service worker installs none: its
 * 401s only mark outbox items.
 */
export function setSessionEndListener(listener: SessionEndListener): void {
  sessionEndListener = listener;
}

/** An abort signal after `ms`, where the runtime has AbortSignal.timeout. */
export const timeoutSignal = (ms: number): AbortSignal | undefined =>
  typeof AbortSignal !== 'undefined' && typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(ms) : undefined;

function withTimeout(signal: AbortSignal | undefined, ms: number | undefined): AbortSignal | undefined {
  const timeout = ms === undefined ? undefined : timeoutSignal(ms);
  if (!timeout) return signal;
  if (!signal) return timeout;
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : signal;
}

const messageOf = (data: unknown): string | null =>
  data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
    ? (data as { message: string }).message
    : null;

/** Calls the API with credentials and JSON; never throws for HTTP or network failures. */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<RequestResult<T>> {
  const method = options.method ?? 'GET';
  const hasBody = options.body !== undefined;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  // The server answers its errors in the language shown (a signed-in player's saved one wins there: DESIGN.md §15).
  if (i18n.locale && !headers['Accept-Language']) headers['Accept-Language'] = i18n.locale;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      ...(options.noStore ? { cache: 'no-store' as const } : options.revalidate ? { cache: 'no-cache' as const } : {}),
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: withTimeout(options.signal, options.timeoutMs),
    });
  } catch (error) {
    return { kind: 'offline', error };
  }
  let text = '';
  try {
    text = await response.text();
  } catch (error) {
    // The answer was cut off: for a 2xx what was created is unknown, so it counts as no answer.
    if (response.ok) return { kind: 'offline', error };
  }
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch (error) {
      // A keyed call's 2xx that was cut off: ask again later (the same key makes the server answer the first result).
      if (response.ok && options.idempotencyKey) return { kind: 'offline', error };
      data = text;
    }
  }
  if (response.ok) return { kind: 'ok', status: response.status, data: data as T };
  if (response.status === 401 && options.handle401 !== false) {
    const reason = data && typeof data === 'object' ? (data as { reason?: unknown }).reason : undefined;
    sessionEndListener(isSessionEndReason(reason) ? reason : null);
  }
  return {
    kind: 'refused',
    status: response.status,
    message: messageOf(data),
    body: data,
    statusText: response.statusText,
    summary: `${response.status}: ${text || response.statusText}`,
  };
}
