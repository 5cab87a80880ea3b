import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, chooseLocale, matchLocale } from './locale';

describe('matchLocale', () => {
  it.each([
    [['pt-BR', 'en'], 'pt-BR'],
    [['pt-PT'], 'pt-BR'],
    [['PT'], 'pt-BR'],
    [['es-MX', 'en-US'], 'es'],
    [['en-GB'], 'en'],
    [['de-DE', 'fr', 'es'], 'es'],
    [['de-DE', 'fr'], null],
    [[], null],
  ] as const)('%j → %s', (tags, locale) => {
    expect(matchLocale(tags)).toBe(locale);
  });
});

describe('acceptLanguageTags', () => {
  it('orders the tags by q, keeps equal ones in order, and leaves out * and q=0', () => {
    expect(acceptLanguageTags('en;q=0.5, pt-BR, es;q=0.8, *;q=0.1, fr;q=0')).toEqual(['pt-BR', 'es', 'en']);
    expect(acceptLanguageTags(undefined)).toEqual([]);
  });
});

describe('chooseLocale', () => {
  it("takes the account's saved language, else the device's, else the browser's, else English", () => {
    expect(chooseLocale({ account: 'es', device: 'pt-BR', preferred: ['en'] })).toBe('es');
    expect(chooseLocale({ account: null, device: 'pt-BR', preferred: ['es'] })).toBe('pt-BR');
    expect(chooseLocale({ account: 'xx', device: 'yy', preferred: ['es-AR'] })).toBe('es');
    expect(chooseLocale({ preferred: ['ja'] })).toBe('en');
  });
});
