// The browser's own error texts ("Registration failed - permission denied", "The operation is insecure.") reached the
// screen as they were (issue 30 item 7). They are turned into what the player can do; the app's own messages pass.

export const BLOCKED_TEXT = "This browser is blocking it. Allow notifications for this site in the browser's settings, then try again.";
export const PUSH_SERVICE_TEXT =
  "The browser's notification service did not answer. Check your connection and try again; in a private window notifications are not available.";

/** A sentence the player can act on for `error`, or `fallback` when it is a browser error without a better one. */
export function friendlyBrowserError(error: unknown, fallback: string): string {
  const name = error instanceof DOMException || (error instanceof Error && error.name !== 'Error') ? (error as Error).name : null;
  const message = error instanceof Error ? error.message : '';
  if (name === 'NotAllowedError' || /permission denied|not allowed|denied/i.test(message)) return BLOCKED_TEXT;
  if (
    name === 'AbortError' ||
    name === 'InvalidStateError' ||
    name === 'NotSupportedError' ||
    /registration failed|push service/i.test(message)
  )
    return PUSH_SERVICE_TEXT;
  // Another browser error (a DOMException or a TypeError from fetch), or a server answer's code: not for the player.
  if (name !== null || !message || /^\d{3}:/.test(message)) return fallback;
  return message;
}
