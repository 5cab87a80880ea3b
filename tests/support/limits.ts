/**
 * Limits on a quiet machine, in one place (the browser projects' test and hook timeouts, every project's
 * `expect.poll`): vitest.config.ts sets them, and each browser file's setup stretches them with the machine's load
 * (tests/support/patience.ts). Constants only, so that the config can import them without loading vitest's runtime.
 */
export const TEST_LIMITS = {
  /** No test over 60 s (issue 34.6): a longer journey is split (admin-screens is one test per screen). */
  testTimeout: 60_000,
  hookTimeout: 120_000,
  /**
   * `expect.poll` waits for something that happens on its own time (a socket's message, a service worker, a badge):
   * its default of 1 s failed CI on a loaded machine. A poll ends as soon as it passes, so the wait only costs time
   * when a test fails. Every project uses it.
   */
  pollTimeout: 15_000,
} as const;
