import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startTestServer, type TestServer } from './server';

export interface AppUnderTest {
  /** The real server (fresh SQLite file) serving the built app from E2E_DIST, or dist. */
  server: TestServer;
  browser: Browser;
}

/** Starts the server and the system Chromium before a browser test file and stops both after it. */
export function useAppUnderTest(): AppUnderTest {
  const app = {} as AppUnderTest;
  beforeAll(async () => {
    app.server = await startTestServer({ staticDir: process.env.E2E_DIST ?? 'dist' });
    app.browser = await launchBrowser();
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.close();
  });
  return app;
}
