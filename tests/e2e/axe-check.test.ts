import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { axeProblems } from '../support/player';

// The accessibility checks of the browser tests run axe in the page (tests/support/player.ts): a check that found
// nothing because it ran nowhere would pass every screen. Here it must find what is wrong, inside `include` only.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('when a page has a nameless button and an image without alt, then the check names both, and only inside include', async () => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.setContent(
      '<html lang="en"><head><title>t</title></head><body><main><dialog open><button></button></dialog><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>',
    );
    const everywhere = await axeProblems(page, 'page');
    expect(everywhere.some((problem) => problem.startsWith('page: button-name '))).toBe(true);
    expect(everywhere.some((problem) => problem.startsWith('page: image-alt '))).toBe(true);
    const inDialog = await axeProblems(page, 'dialog', 'dialog');
    expect(inDialog.map((problem) => problem.split(' ')[1])).toEqual(['button-name']);
  } finally {
    await context.close();
  }
});
