import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../server/config';
import { launchBrowser } from './browser';
import { startTestServer, type TestServer } from './server';

export interface AppUnderTest {
  /** The real server (fresh SQLite file) serving the built app from E2E_DIST, or dist. */
  server: TestServer;
  browser: Browser;
}

/**
 * Starts the server and the system Chromium before a browser test file and stops both after it; `full` for the full
 * browser instead of the headless shell (tests/support/browser.ts), the rest for the server's settings. Its hooks come
 * first: a file's own beforeAll finds both started, its own afterAll runs before they stop.
 */
export function useAppUnderTest({ full = false, ...config }: { full?: boolean } & Partial<Config> = {}): AppUnderTest {
  const app = {} as AppUnderTest;
  beforeAll(async () => {
    app.server = await startTestServer({ staticDir: process.env.E2E_DIST ?? 'dist', ...config });
    app.browser = await launchBrowser({ full });
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.close();
  });
  return app;
}
