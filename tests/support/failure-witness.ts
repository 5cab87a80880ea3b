import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach } from 'vitest';

// What the browser showed when a browser test failed, written into the failure's message: a CI log then says which
// page each open tab was on and what it showed (a login screen, a dialog over the list), not only which locator was
// never found. The e2e project's setup file; contexts are followed by tests/support/browser.ts.

interface PageState {
  url: string;
  text: string;
  dialogs: string[];
}

const open = new Set<BrowserContext>();
let closedDuringTest: string[] = [];

/** The longest a page may take to describe itself (a page hung on a long task must not hold up the close). */
const DESCRIBE_MS = 2_000;
const TEXT_CHARS = 400;
const HEADING = "The browser's pages at the failure (closed by the test, then still open):";

async function describePage(page: Page): Promise<string> {
  if (page.isClosed()) return `  (closed) ${page.url()}`;
  const read = page.evaluate((chars): PageState => {
    const visible = (element: Element) => (element as HTMLElement).offsetParent !== null || element.tagName === 'DIALOG';
    return {
      url: location.href,
      text: (document.body?.innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, chars),
      dialogs: [...document.querySelectorAll('dialog[open], [role="dialog"], [role="alertdialog"]')]
        .filter(visible)
        .map((dialog) => dialog.getAttribute('aria-label') ?? dialog.querySelector('h1, h2, h3')?.textContent ?? '(unnamed)'),
    };
  }, TEXT_CHARS);
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), DESCRIBE_MS));
  try {
    const state = await Promise.race([read, timeout]);
    if (!state) return `  ${page.url()}: did not answer within ${DESCRIBE_MS} ms`;
    const dialogs = state.dialogs.length ? ` [dialogs: ${state.dialogs.join(', ')}]` : '';
    return `  ${state.url}${dialogs}\n    ${state.text}`;
  } catch (error) {
    return `  ${page.url()}: ${(error as Error).message.split('\n')[0]}`;
  }
}

async function describeContext(context: BrowserContext): Promise<string[]> {
  return Promise.all(context.pages().map(describePage));
}

/** Follows a new context: what its pages show is kept when the test closes it, for the message if the test fails. */
export function witness(context: BrowserContext): BrowserContext {
  open.add(context);
  context.on('close', () => open.delete(context));
  const close = context.close.bind(context);
  context.close = async (options) => {
    if (open.delete(context)) closedDuringTest.push(...(await describeContext(context).catch(() => [])));
    return close(options);
  };
  return context;
}

/** Registered by the e2e project's setup file: a failed test's message ends with what every page showed. */
export function witnessFailures(): void {
  beforeEach(({ onTestFailed }) => {
    closedDuringTest = [];
    onTestFailed(async ({ task }) => {
      const stillOpen = (await Promise.all([...open].map(describeContext))).flat();
      const pages = [...closedDuringTest, ...stillOpen];
      if (pages.length === 0) return;
      const told = `\n\n${HEADING}\n${pages.join('\n')}`;
      // A retried test keeps its first try's errors, already told (and this try's handler runs for each try).
      for (const error of task.result?.errors ?? []) if (!error.message.includes(HEADING)) error.message += told;
    });
  });
}
