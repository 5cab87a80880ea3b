// English is the specification's words (DESIGN.md §15, issue 50), for the admin screens too: each text the
// specification (../shared/spec/marketplace-spec.md) quotes for Admin Control is found word for word in the English
// catalogues a staff screen reads (its own, or the player one, always loaded).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const read = (part: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../../locales/en/${part}.json`), 'utf8')) as Record<string, string>;
const english = { ...read('player'), ...read('staff') };

/** The specification's quoted texts of the admin screens (spec §2 Admin screens, §7 scheduling and prices, §8 admin messages). */
const ADMIN_SPEC_TEXTS = [
  // Sorts and grids of the purchase-request screens.
  'Most recent',
  'Oldest',
  'Price',
  'Total Items Requested',
  'Total Items Approved',
  'Next Up',
  'All Item Requests',
  'All Approved Item Requests',
  // Loading and empty texts.
  'Loading submissions...',
  'Loading purchase requests...',
  'No submissions yet',
  'No purchase requests yet',
  'No Rejected Submissions',
  'No Paid Submissions',
  'No Approved Requests',
  'No scheduled requests found',
  'No immediate drops found',
  'No Rejected Requests',
  'No Completed Requests',
  'No pending pickups',
  'No collected items',
  'No Contact Information Available',
  'No Image',
  // Confirm Collection, scheduling and prices.
  "Only select yes if you've collected",
  'Missing Information: Please fill in all date and time fields before scheduling',
  'Not set',
  'Price TBD',
  // Admin alerts.
  'Failed to mark as collected',
  'Error marking as collected',
  'Failed to schedule pickup',
  'Error scheduling pickup',
  'Failed to mark as paid',
  'Error marking as paid',
];

it('every text the specification quotes for the admin screens is in the English catalogues, word for word', () => {
  expect(ADMIN_SPEC_TEXTS.filter((text) => english[text] !== text)).toEqual([]);
});
