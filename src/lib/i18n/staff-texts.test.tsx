// The staff catalogue (src/lib/i18n/i18n.ts): a player's start loads only the player texts; a staff screen's code
// waits for the staff texts in the language shown, and a later change of language brings them in that one too.
import { describe, expect, it } from 'vitest';
import { activateLocale, i18n, loadStaffTexts } from './i18n';

const DISPUTES = '{count, plural, one {# dispute} other {# disputes}} to decide';

describe('the staff texts', () => {
  it('come only with a staff screen, in the language shown, and follow a change of language', async () => {
    await activateLocale('es');
    // The player catalogue is in; the staff one is not (the dev compiler shows the English id).
    expect(i18n._(DISPUTES, { count: 2 })).toBe('2 disputes to decide');
    await loadStaffTexts();
    expect(i18n._(DISPUTES, { count: 2 })).toBe('2 disputas por decidir');
    await activateLocale('pt-BR');
    expect(i18n._(DISPUTES, { count: 1 })).toBe('1 disputa para decidir');
    await activateLocale('en');
    expect(i18n._(DISPUTES, { count: 1 })).toBe('1 dispute to decide');
  });
});
