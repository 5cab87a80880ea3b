import { isSessionEndReason, type SessionEndReason } from '../domain/session-end';
import { clearCurrentUser, getCurrentUserName } from './current-user';
import { setSessionNotice } from './session-notice';

/** An API failure: `message` follows spec §8 ('{status}: {body}'), `serverMessage` is the JSON `message`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage: string | null,
    readonly body: unknown,
    /** The HTTP status text ('Forbidden'); the super admin's error toasts read '{status}: {statusText}'. */
    readonly statusText: string = '',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A failure to reach the server at all (offline, DNS, connection reset). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network error');
    this.name = 'NetworkError';
    this.cause = cause;
  }
}

type UnauthorizedHandler = (reason: SessionEndReason | null) => void;
let onUnauthorized: UnauthorizedHandler = () => {
  clearCurrentUser();
  if (typeof window !== 'undefined' && window.location.pathname !== '/login') window.location.assign('/login');
};

/**
 * The server ended the signed-in user's session (a 401, or the socket closed with a reason): the login screen is told
 * why, then the handler signs this device out.
 */
export function sessionEnded(reason: SessionEndReason | null): void {
  const username = getCurrentUserName();
  if (username) setSessionNotice(reason ?? 'session-ended', username);
  onUnauthorized(reason);
}

/** Replaces what happens on a 401 (the router installs a soft navigation). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** Chosen when the action is first made, so a replay creates nothing new (DESIGN §9). */
  idempotencyKey?: string;
  /** When false a 401 does not sign the user out (e.g. a wrong current password). */
  handle401?: boolean;
  signal?: AbortSignal;
}

/** Calls the API with credentials and JSON; throws ApiError on a non-2xx answer and NetworkError when offline. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    const serverMessage =
      data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
        ? (data as { message: string }).message
        : null;
    if (response.status === 401 && options.handle401 !== false) {
      const reason = data && typeof data === 'object' ? (data as { reason?: unknown }).reason : undefined;
      sessionEnded(isSessionEndReason(reason) ? reason : null);
    }
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, serverMessage, data, response.statusText);
  }
  return data as T;
}
