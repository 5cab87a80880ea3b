import type { Reporter, TestCase } from 'vitest/node';

/**
 * Lists, at the end of a run, every test that passed only when retried (the browser projects retry a failed test once,
 * vitest.config.ts): a retry keeps a loaded machine's hiccup from failing the run, and this keeps it from going unseen.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(test: TestCase): void {
    const diagnostic = test.diagnostic();
    if (!diagnostic?.flaky) return;
    const first = test.result().errors?.[0]?.message.split('\n')[0];
    this.flaky.push(
      `  ${test.project.name} ${test.module.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName}${first ? `\n    first try: ${first}` : ''}`,
    );
  }

  onTestRunEnd(): void {
    if (this.flaky.length === 0) return;
    process.stdout.write(`\nPassed only on a retry (${this.flaky.length}; each is a race to look into):\n${this.flaky.join('\n')}\n`);
  }
}
