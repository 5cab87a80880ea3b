import { useSyncExternalStore } from 'react';
import type { SessionUser } from '../domain/schemas/auth';
import { forgetUserData, rememberSignedInUser } from './forget-user';
import { clearSessionNotice } from './session-notice';

// The current user name and userData, kept in local browser storage. They only drive routing;
// the session cookie is the authority: the server authorises from it alone.
export const CURRENT_USER_KEY = 'currentUser';
export const USER_DATA_KEY = 'userData';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** The stored current user name, or null when signed out. */
export function getCurrentUserName(): string | null {
  try {
    return localStorage.getItem(CURRENT_USER_KEY);
  } catch {
    return null;
  }
}

/** The stored userData, or null. */
export function getUserData(): SessionUser | null {
  try {
    const raw = localStorage.getItem(USER_DATA_KEY);
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

/** Stores the signed-in user (after signup, login or a contact save). */
export function setCurrentUser(user: SessionUser): void {
  const previous = getCurrentUserName();
  // Another user signs in without the last one having logged out (their session ended elsewhere): theirs goes first.
  if (previous !== null && previous.toLowerCase() !== user.username.toLowerCase()) void forgetUserData(previous);
  void rememberSignedInUser(user.username);
  localStorage.setItem(CURRENT_USER_KEY, user.username);
  localStorage.setItem(USER_DATA_KEY, JSON.stringify(user));
  // Signed in again: what the login screen said about the ended session is done with.
  clearSessionNotice();
  notify();
}

/** Forgets the signed-in user (logout, 401), and what this device kept for them (forgetUserData). */
export function clearCurrentUser(): void {
  const previous = getCurrentUserName();
  void forgetUserData(previous);
  try {
    localStorage.removeItem(CURRENT_USER_KEY);
    localStorage.removeItem(USER_DATA_KEY);
  } catch {
    /* storage unavailable: nothing to clear */
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CURRENT_USER_KEY || event.key === USER_DATA_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current user name, re-rendering when it changes (also across tabs). */
export function useCurrentUserName(): string | null {
  return useSyncExternalStore(subscribe, getCurrentUserName, () => null);
}

let cachedRaw: string | null = null;
let cachedUser: SessionUser | null = null;
function getUserDataSnapshot(): SessionUser | null {
  const raw = localStorage.getItem(USER_DATA_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = getUserData();
  }
  return cachedUser;
}

/** The stored userData, re-rendering when it changes. */
export function useUserData(): SessionUser | null {
  return useSyncExternalStore(subscribe, getUserDataSnapshot, () => null);
}
