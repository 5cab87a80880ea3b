import { describe, expect, it } from 'vitest';
import { runFixture } from './fixtures/run-fixture';

// The flaky reporter (tests/support/flaky-reporter.ts) is what keeps a retried browser test from passing unseen: it is
// checked on a real vitest run in a child process, on a fixture whose one test loses on its first try only.
const HEADING = 'Passed only on a retry (';
// A child vitest starts in a few seconds, more on a loaded machine.
const RUN = { timeout: 60_000 };

describe('the flaky reporter', () => {
  it(
    'when a test passes only on its retry, then the end of the run lists it with the error of its first try, and not the test that passed at once',
    async () => {
      const run = await runFixture('flaky.fixture.ts', RUN);
      expect(run.code, run.output).toBe(0);

      const section = run.output.slice(run.output.indexOf(HEADING));
      expect(section, run.output).toContain(
        [
          'Passed only on a retry (1; each is a race to look into):',
          '  fixture tests/support/fixtures/flaky.fixture.ts > when retried, then passes on its second try',
          // Only the error's first line: the list is a summary, the error itself was printed with the first try.
          '    first try: lost the race on the first try\n',
        ].join('\n'),
      );
      expect(section).not.toContain('second line of the message');
      expect(section).not.toContain('always passes');
    },
    RUN.timeout + 10_000,
  );

  it(
    'when no test needed a retry, then the run prints no such list',
    async () => {
      const run = await runFixture('flaky.fixture.ts', { ...RUN, testNamePattern: 'always passes' });
      expect(run.code, run.output).toBe(0);
      // The test did run: a run that skipped everything would print no list either.
      expect(run.output).toMatch(/Tests\s+1 passed \| 1 skipped/);
      expect(run.output).not.toContain(HEADING);
    },
    RUN.timeout + 10_000,
  );
});
