import os from 'node:os';
import { vi } from 'vitest';
import { TEST_LIMITS } from './limits';

/**
 * How many times longer than on a quiet machine a browser test may wait, read from the machine's load: 1 while the run
 * has the cores to itself, up to MAX_FACTOR when other work crowds them (the runnable threads per core, as the load
 * average counts them). A browser test's waits
 * are limits that only a failure reaches — each ends as soon as its condition holds — so a longer limit costs nothing
 * when the test passes. On a 2-core machine with two busy loops beside the suite, every step of a page load waits its
 * turn behind the loops in the renderer, the browser process, the server and the test (docs/SUITE-TIME.md): a test that
 * takes 10 s on a quiet machine took 50–85 s there, past a fixed 60 s.
 */
const MAX_FACTOR = 6;

/**
 * The factor for a load average over a number of cores. The suite alone keeps about 1.5 runnable threads per core
 * (a browser file's renderer, browser process, server and test), so up to that the machine counts as quiet.
 */
export function patienceFor(loadAverage: number, cores: number): number {
  const perCore = loadAverage / Math.max(1, cores);
  if (perCore <= QUIET_PER_CORE) return 1;
  return Math.min(MAX_FACTOR, Math.round(perCore * 10) / 10);
}

const QUIET_PER_CORE = 1.5;

/** The factor now: the busier of the last one and five minutes, so a load that just began or just eased still counts. */
export function patience(): number {
  const [one, five] = os.loadavg();
  return patienceFor(Math.max(one, five), os.availableParallelism());
}

/**
 * Stretches the running file's limits (a browser project's setup file calls it before each file): its test and hook
 * timeouts and `expect.poll`'s. Playwright's own come from the contexts (tests/support/browser.ts), a test's explicit
 * ones through `patient()`.
 */
export function stretchLimits(): void {
  vi.setConfig({
    testTimeout: patient(TEST_LIMITS.testTimeout),
    hookTimeout: patient(TEST_LIMITS.hookTimeout),
    expect: { poll: { timeout: patient(TEST_LIMITS.pollTimeout) } },
  });
}

/** A limit in milliseconds, stretched by this machine's load (`{ timeout: patient(10_000) }`). */
export function patient(ms: number): number {
  return Math.round(ms * patience());
}
