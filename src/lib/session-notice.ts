import { useSyncExternalStore } from 'react';
import type { SessionEndReason } from '../domain/session-end';

/**
 * Why this device was just signed out by the server (not by the player's own logout), for the login screen to say in
 * plain words; kept in sessionStorage so it survives the move to /login, and forgotten once the player logs in.
 */
export interface SessionNotice {
  reason: SessionEndReason;
  /** Who was signed in, so the login form can offer the name again. */
  username: string;
  /** A sell or purchase made as the session ended was kept in the outbox, to be sent after the login. */
  kept: boolean;
}

const KEY = 'sessionNotice';
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: SessionNotice | null = null;

function read(): SessionNotice | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      cached = raw ? (JSON.parse(raw) as SessionNotice) : null;
    } catch {
      cached = null;
    }
  }
  return cached;
}

function write(notice: SessionNotice | null): void {
  try {
    if (notice) sessionStorage.setItem(KEY, JSON.stringify(notice));
    else sessionStorage.removeItem(KEY);
  } catch {
    /* storage unavailable: the login screen simply has nothing to say */
  }
  listeners.forEach((listener) => listener());
}

export const getSessionNotice = read;

/** Records that the server ended `username`'s session, and why. */
export function setSessionNotice(reason: SessionEndReason, username: string): void {
  const previous = read();
  write({ reason, username, kept: previous?.username === username ? previous.kept : false });
}

/** Notes that a request made as the session ended is kept and will be sent after the login. */
export function markSessionRequestKept(): void {
  const notice = read();
  if (notice && !notice.kept) write({ ...notice, kept: true });
}

export function clearSessionNotice(): void {
  if (read()) write(null);
}

/** The notice, re-rendering when it changes. */
export function useSessionNotice(): SessionNotice | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => null,
  );
}
