import { describe, expect, it } from 'vitest';
import { runFixture } from './fixtures/run-fixture';

// A failed browser test's message says what its pages showed (tests/support/failure-witness.ts, the e2e project's
// setup file): checked on a real vitest run in a child process with that setup file, on a fixture page opened through
// launchBrowser's followed contexts (tests/support/browser.ts).
const HEADING = "The browser's pages at the failure (closed by the test, then still open):";
const PAGE_URL = 'https://witness.fixture.test/checkout';
// What the fixture page's body reads, with its white space run together, cut at the witness's 400 characters: the
// marker after the filler is past them.
const PAGE_TEXT = `Known witness text Three items in the basket Pay now? ${'filler '.repeat(80)}TAIL-PAST-400`;
// The child starts a Chromium of its own on a machine busy with other tests.
const RUN = { timeout: 90_000 };

describe('the failure witness', () => {
  it(
    'when a browser test fails, then its message ends with the URL, open dialogs and first 400 characters of text of each page',
    async () => {
      const run = await runFixture('witness.fixture.ts', { ...RUN, testNamePattern: 'then fails' });
      expect(run.code, run.output).toBe(1);

      const failure = run.output.slice(run.output.indexOf("AssertionError: expected 'Known witness text'"));
      expect(failure, run.output).toContain(
        [HEADING, `  ${PAGE_URL} [dialogs: Confirm purchase]`, `    ${PAGE_TEXT.slice(0, 400)}\n`].join('\n'),
      );
      // The text was long enough to be cut.
      expect(PAGE_TEXT.length).toBeGreaterThan(400);
    },
    RUN.timeout + 10_000,
  );

  it(
    'when a browser test passes, then nothing is told of its pages',
    async () => {
      const run = await runFixture('witness.fixture.ts', { ...RUN, testNamePattern: 'then passes' });
      expect(run.code, run.output).toBe(0);
      expect(run.output).toMatch(/Tests\s+1 passed \| 1 skipped/);
      expect(run.output).not.toContain(HEADING);
      expect(run.output).not.toContain('Known witness text');
    },
    RUN.timeout + 10_000,
  );
});
