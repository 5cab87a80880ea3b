import { describe, expect, it } from 'vitest';
import { localeOf, translate } from './messages';

describe('translate', () => {
  it('finds an English message word for word, or as a template, and answers it in the language asked', () => {
    expect(translate('Invalid username or password', 'es')).toBe('Usuario o contraseña incorrectos');
    expect(translate("There is no user named 'ana_1'", 'pt-BR')).toBe('Não existe nenhum usuário chamado “ana_1”');
    expect(translate('There is no purchase request 42', 'es')).toBe('No existe la solicitud de compra 42');
    expect(
      translate("The server's storage is full, so nothing was saved. Please try again later; if it keeps happening, tell an admin.", 'es'),
    ).toMatch(/^El almacenamiento del servidor está lleno/);
  });

  it('leaves English, and a message the catalogue does not know, as they are', () => {
    expect(translate('Invalid username or password', 'en')).toBe('Invalid username or password');
    expect(translate('Something nobody wrote down', 'pt-BR')).toBe('Something nobody wrote down');
  });
});

describe('localeOf', () => {
  it("takes the session user's saved language, else Accept-Language, else English", () => {
    expect(localeOf({ headers: { 'accept-language': 'pt-BR' }, user: { language: 'es' } })).toBe('es');
    expect(localeOf({ headers: { 'accept-language': 'fr, pt;q=0.8' }, user: { language: null } })).toBe('pt-BR');
    expect(localeOf({ headers: {} })).toBe('en');
  });
});
