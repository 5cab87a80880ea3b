// English is the specification's words (DESIGN.md §15, issue 50): the quoted texts of Super Admin Settings and its
// admin messages (../shared/spec/marketplace-spec.md, lines 114, 396 and 461–462), each found word for word in the
// English catalogues (the staff one, or the player one, always loaded, for a text both kinds of screen show).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const read = (part: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../../locales/en/${part}.json`), 'utf8')) as Record<string, string>;
const english = { ...read('player'), ...read('staff') };

const SPEC_TEXTS = [
  'Super Admin Settings',
  'Super Admin',
  'User',
  'Admin',
  'Total Users',
  'Admins + Super Admin',
  'No users found',
  'Error',
  'Success',
  '{name} promoted to admin',
  '{name} removed from admin',
  'User {name} has been deleted',
];

it('every quoted text of the specification that Super Admin Settings shows is in the English catalogues, word for word', () => {
  expect(SPEC_TEXTS.filter((text) => english[text] !== text)).toEqual([]);
});
