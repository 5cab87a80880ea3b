import { describe, expect, it } from 'vitest';
import { BLOCKED_TEXT, friendlyBrowserError, PUSH_SERVICE_TEXT } from './browser-error';

const FALLBACK = 'Notifications could not be changed. Check your connection and try again.';

describe('friendlyBrowserError', () => {
  it('when the push registration is refused by permission, then it says how to allow it', () => {
    expect(friendlyBrowserError(new DOMException('Registration failed - permission denied', 'AbortError'), FALLBACK)).toBe(BLOCKED_TEXT);
    expect(friendlyBrowserError(new DOMException('The request is not allowed', 'NotAllowedError'), FALLBACK)).toBe(BLOCKED_TEXT);
  });

  it('when the push service fails, then it says to check the connection', () => {
    expect(friendlyBrowserError(new DOMException('Registration failed - push service error', 'AbortError'), FALLBACK)).toBe(
      PUSH_SERVICE_TEXT,
    );
  });

  it("when it is another browser error or a server code, then the fallback is shown; the app's own message passes", () => {
    expect(friendlyBrowserError(new TypeError('Failed to fetch'), FALLBACK)).toBe(FALLBACK);
    expect(friendlyBrowserError(new Error('500: Internal'), FALLBACK)).toBe(FALLBACK);
    expect(friendlyBrowserError(new Error('Reload and try again.'), FALLBACK)).toBe('Reload and try again.');
  });
});
