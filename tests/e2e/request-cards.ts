// My Buy/Sell Requests list each request as a compact row that opens its full card (issue 30 item 15): the tests that
// read a card open its row first.
import type { Locator, Page } from 'playwright-core';

type Kind = 'purchase-request' | 'sell-request';

interface Which {
  /** The row's status (its data-status), e.g. 'approved' or 'payment pending...'. */
  status?: string;
  /** Text of the row: 'Request #12', or a sold item's name. */
  hasText?: string | RegExp;
  timeout?: number;
}

/** The compact rows of a list (closed ones), optionally narrowed to a status or a text. */
export function requestRows(page: Page, kind: Kind, { status, hasText }: Which = {}): Locator {
  const rows = page.locator(`[data-testid="${kind}-row"]${status ? `[data-status="${status}"]` : ''}`);
  return hasText ? rows.filter({ hasText }) : rows;
}

/**
 * Waits for the row (the first one matching), opens it and returns its full card (`[data-testid="${kind}-card"]`),
 * which stays open while the request changes status.
 */
export async function openRequestCard(page: Page, kind: Kind, which: Which = {}): Promise<Locator> {
  const row = requestRows(page, kind, which).first();
  await row.waitFor({ timeout: which.timeout });
  const id = await row.getAttribute('data-id');
  await row.click();
  const card = page.locator(`[data-testid="${kind}-row-open"][data-id="${id}"] [data-testid="${kind}-card"]`);
  await card.waitFor();
  return card;
}

/** Every request of a list in order, each a compact row or an opened one (each has data-status and data-id). */
export const requestItems = (page: Page, kind: Kind): Locator =>
  page.locator(`[data-testid="${kind}-row"], [data-testid="${kind}-row-open"]`);
