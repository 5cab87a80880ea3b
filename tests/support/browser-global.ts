import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH, SHELL_PATH } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's headless shell (playwright's browser server), when the project started it: files connect to it. */
    chromiumWsEndpoint?: string;
    /** The run's full Chromium, for the files that use what only it does (`launchBrowser({ full: true })`). */
    fullChromiumWsEndpoint?: string;
  }
}

/**
 * One headless shell and one full headless Chromium for every browser test file of the run (the e2e project's
 * globalSetup; tests/support/browser.ts says which runs what). Launching and closing a browser per file cost each of
 * ~40 files seconds on a loaded 2-core machine; a file now connects to one of these and gets fresh contexts (its own
 * cookies, storage, service workers and cache), which are closed when it disconnects. The browser no file is using
 * sits idle. Without the headless shell installed there is one browser, the full one.
 */
export default async function setup(project: TestProject) {
  const launch = (executablePath: string) => chromium.launchServer({ executablePath, headless: true, args: CHROMIUM_ARGS });
  const full = await launch(CHROMIUM_PATH);
  const shell = SHELL_PATH === CHROMIUM_PATH ? full : await launch(SHELL_PATH);
  project.provide('chromiumWsEndpoint', shell.wsEndpoint());
  project.provide('fullChromiumWsEndpoint', full.wsEndpoint());
  return async () => {
    await Promise.all([...new Set([shell, full])].map((server) => server.close()));
  };
}
