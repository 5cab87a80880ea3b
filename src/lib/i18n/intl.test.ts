import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { asCents } from '@/domain/money';
import { displayCents } from './intl';

afterEach(() => {
  i18n.load('en', {});
  i18n.activate('en');
});

describe('displayCents', () => {
  it.each([
    ['en', '$1,234.50'],
    ['es', '1234,50\u00a0US$'],
    ['pt-BR', 'US$\u00a01.234,50'],
  ])('%s writes 123450 cents as %s', (locale, text) => {
    i18n.load(locale, {});
    i18n.activate(locale);
    expect(displayCents(asCents(123450)).replace(/\s/g, '\u00a0')).toBe(text.replace(/\s/g, '\u00a0'));
  });
});
