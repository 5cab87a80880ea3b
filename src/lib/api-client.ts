import type { SessionEndReason } from '../domain/session-end';
import { request, setSessionEndListener, type RequestOptions, type RequestResult } from './api/request';
import { clearCurrentUser, getCurrentUserName } from './current-user';
import { setSessionNotice } from './session-notice';

/** An API failure: `message` is '{status}: {body text}' (or the status text when the body is empty), `serverMessage` is the JSON `message`. */
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

setSessionEndListener(sessionEnded);

/** Replaces what happens on a 401 (the router installs a soft navigation). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export type { RequestOptions };

/**
 * Calls the API through request() and throws what it answers otherwise than ok: ApiError for a refusal, NetworkError
 * when offline (an abort is rethrown as it is). The throwing form queries and mutations want.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return unwrap(await request<T>(path, options));
}

/** The data of an ok result; otherwise ApiError (refused) or NetworkError (no answer; an abort as it is). */
export function unwrap<T>(result: RequestResult<T>): T {
  if (result.kind === 'ok') return result.data;
  if (result.kind === 'refused') throw apiError(result);
  if ((result.error as Error)?.name === 'AbortError') throw result.error;
  throw new NetworkError(result.error);
}

/** The ApiError of a refusal. */
export function apiError(result: Extract<RequestResult, { kind: 'refused' }>): ApiError {
  return new ApiError(result.status, result.summary, result.message, result.body, result.statusText);
}
