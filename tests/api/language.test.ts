// Issue 50 (DESIGN.md §15): the account's language is saved with its contact, and the API's error messages speak the
// session user's language, else the request's Accept-Language, else English.
import { describe, expect, it } from 'vitest';
import { Client, PASSWORD, signUp, useServer } from './helpers';

const server = useServer();

describe('the account language (PUT and GET /api/marketplace/contact/{username})', () => {
  it('when a player saves a language alone, then the contact answers it, even before any contact is saved', async () => {
    const dora = await signUp(server, 'dora');
    expect((await dora.get('/api/marketplace/contact/dora')).body.language).toBeNull();
    const saved = await dora.put('/api/marketplace/contact/dora', { language: 'pt-BR' });
    expect(saved.status).toBe(200);
    expect((await dora.get('/api/marketplace/contact/dora')).body).toMatchObject({ language: 'pt-BR', contactEmail: null });
  });

  it('when the contact is saved without a language, then the language stays; null forgets it', async () => {
    const eli = await signUp(server, 'eli');
    await eli.put('/api/marketplace/contact/eli', { language: 'es' });
    expect((await eli.put('/api/marketplace/contact/eli', { ps5Username: 'eli_ps5' })).status).toBe(200);
    expect((await eli.get('/api/marketplace/contact/eli')).body).toMatchObject({ language: 'es', ps5Username: 'eli_ps5' });
    await eli.put('/api/marketplace/contact/eli', { language: null });
    expect((await eli.get('/api/marketplace/contact/eli')).body.language).toBeNull();
  });

  it('when the language is not one the app speaks, then it answers 400 naming the three', async () => {
    const fay = await signUp(server, 'fay');
    const answer = await fay.put('/api/marketplace/contact/fay', { language: 'fr' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('The language must be one of en, es or pt-BR');
  });
});

describe('error messages in the reader’s language', () => {
  const wrongLogin = (headers: Record<string, string>) =>
    new Client(server.url).post('/api/marketplace/login', { username: 'nobody_here', password: 'wrong-password' }, headers);

  it('when a login fails, then the message is in English, Spanish or Brazilian Portuguese as Accept-Language asks', async () => {
    const english = await wrongLogin({ 'accept-language': 'en-US,en;q=0.9' });
    const spanish = await wrongLogin({ 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    const portuguese = await wrongLogin({ 'accept-language': 'pt-BR,pt;q=0.9' });
    expect([english.status, spanish.status, portuguese.status]).toEqual([401, 401, 401]);
    expect(english.body.message).toBe('Invalid username or password');
    expect(spanish.body.message).toBe('Usuario o contraseña incorrectos');
    expect(portuguese.body.message).toBe('Usuário ou senha incorretos');
    expect(portuguese.headers.get('content-language')).toBe('pt-BR');
  });

  it('when no language is asked for or none is spoken here, then it answers in English', async () => {
    expect((await wrongLogin({})).body.message).toBe('Invalid username or password');
    expect((await wrongLogin({ 'accept-language': 'de-DE,fr;q=0.8' })).body.message).toBe('Invalid username or password');
  });

  it('when a message carries a value, then the value is kept inside the translated sentence', async () => {
    const answer = await new Client(server.url).get('/api/no-such-call?x=1', { 'accept-language': 'pt-BR' });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Não existe a chamada de API GET /api/no-such-call');
  });

  it('when a success is only a message for a person (a password updated), then it is in the language too', async () => {
    const gil = await signUp(server, 'gil_words');
    await gil.put('/api/marketplace/contact/gil_words', { language: 'pt-BR' });
    const changed = await gil.put('/api/marketplace/change-password/gil_words', {
      currentPassword: PASSWORD,
      newPassword: 'changed-pass-1',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ message: 'Senha atualizada' });
    const hal = await signUp(server, 'hal_words');
    const english = await hal.put('/api/marketplace/change-password/hal_words', {
      currentPassword: PASSWORD,
      newPassword: 'changed-pass-1',
    });
    expect(english.body).toEqual({ message: 'Password updated successfully' });
  });

  it('when the signed-in player saved a language, then it wins over Accept-Language, validation issues included', async () => {
    const hana = await signUp(server, 'hana', PASSWORD);
    await hana.put('/api/marketplace/contact/hana', { language: 'es' });
    const answer = await hana.put('/api/marketplace/contact/hana', { contactEmail: 'not-an-email' }, { 'accept-language': 'pt-BR' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Escribe un correo electrónico válido');
    expect(answer.body.issues[0]).toEqual({ path: 'contactEmail', message: 'Escribe un correo electrónico válido' });
    expect(answer.headers.get('content-language')).toBe('es');
  });

  it('when a Roblox name holds an emoji, then the field message is in the saved language of the player', async () => {
    const gil = await signUp(server, 'gil');
    await gil.put('/api/marketplace/contact/gil', { language: 'pt-BR' });
    const answer = await gil.put('/api/marketplace/contact/gil', { robloxUsername: 'Gil😀' });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toContainEqual({
      path: 'robloxUsername',
      message: 'Um usuário do Roblox só tem letras, números e sublinhados (_): sem emojis, espaços ou outros sinais.',
    });
  });
});
