import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH, CHROMIUM_ARGS } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's one Chromium (playwright's browser server), when the project started it: files connect to it. */
    chromiumWsEndpoint?: string;
  }
}

/**
 * One headless Chromium for every browser test file of the run (the e2e project's globalSetup). Launching and closing
 * it per file cost each of ~40 files seconds on a loaded 2-core machine; a file now connects to this one and gets fresh
 * contexts (its own cookies, storage, service workers and cache), which are closed when it disconnects.
 */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  project.provide('chromiumWsEndpoint', server.wsEndpoint());
  return () => server.close();
}
