// "Welcome back" greeted accounts made a minute before (issue 30 item 7): an account created in this tab's session
// is greeted with "Welcome" instead.

const KEY = 'newAccount';

/** Remembers, for this tab's session, that `username` was just created. */
export function markNewAccount(username: string): void {
  try {
    sessionStorage.setItem(KEY, username.toLowerCase());
  } catch {
    // No session storage: the greeting stays "Welcome back".
  }
}

/** 'Welcome' for an account created in this session, 'Welcome back' otherwise. */
export function greetingFor(username: string): string {
  try {
    return sessionStorage.getItem(KEY) === username.toLowerCase() ? 'Welcome' : 'Welcome back';
  } catch {
    return 'Welcome back';
  }
}
