import { useEffect, useMemo } from 'react';

// "Welcome back" greeted accounts made a minute before (issue 30 item 7), and players seeing home for the first time
// on a device where the sign-up's tab was not this one (issue 52.5: a player made elsewhere, or whose tab had closed).
// "Welcome" for an account created in this tab's session, and for a player this device has never greeted; "Welcome
// back" once it has.

const NEW_ACCOUNT_KEY = 'newAccount';
/** localStorage: the players this device has greeted on home, in lower case. */
const GREETED_KEY = 'greetedPlayers';

/** Remembers, for this tab's session, that `username` was just created. */
export function markNewAccount(username: string): void {
  try {
    sessionStorage.setItem(NEW_ACCOUNT_KEY, username.toLowerCase());
  } catch {
    // No session storage: the device's own memory of greetings (below) still says "Welcome" the first time.
  }
}

function greetedPlayers(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(GREETED_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

/** 'Welcome' for an account created in this session or a player this device has not greeted yet, 'Welcome back' otherwise. */
export function greetingFor(username: string): string {
  const name = username.toLowerCase();
  try {
    if (sessionStorage.getItem(NEW_ACCOUNT_KEY) === name) return 'Welcome';
  } catch {
    // No session storage: decided by the device's memory alone.
  }
  return greetedPlayers().includes(name) ? 'Welcome back' : 'Welcome';
}

/** Remembers that this device greeted `username`: their next visit says "Welcome back". */
export function rememberGreeted(username: string): void {
  const name = username.toLowerCase();
  const greeted = greetedPlayers();
  if (greeted.includes(name)) return;
  try {
    // The last few players only: a shared device keeps no growing list of everyone who used it.
    localStorage.setItem(GREETED_KEY, JSON.stringify([...greeted, name].slice(-20)));
  } catch {
    // No storage: the next visit says "Welcome" again, which is never wrong for someone new.
  }
}

/** Home's greeting for `username`, decided once per player shown, then remembered for the next visit. */
export function useGreeting(username: string): string {
  const greeting = useMemo(() => greetingFor(username), [username]);
  useEffect(() => {
    if (username) rememberGreeted(username);
  }, [username]);
  return greeting;
}
