// Issue 50 (DESIGN.md §15): pushes and emails speak their recipient's language — the account's saved one, else (for a
// mail the recipient asked for) the asking request's, else English — whoever caused them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config';
import { decryptFor, startPushService, type FakeDevice, type LocalPushService } from '../support/push-service';
import { YEAR } from '../support/dates';
import { linkIn, startSmtpServer, type ReceivedMail } from '../support/smtp';
import { Client, createCast, createPurchase, eventually, signUp, type Cast, useServer } from './helpers';
import { subscribeDevice } from './push-steps';

const STORE_TIMEZONE = 'America/New_York';

let push: LocalPushService;
const smtp = {} as Awaited<ReturnType<typeof startSmtpServer>>;
const overrides: Partial<Config> = {
  pushAllowHttpEndpoints: true,
  pushRetryBaseMs: 40,
  storeTimeZone: STORE_TIMEZONE,
};
beforeAll(async () => {
  push = await startPushService();
  Object.assign(smtp, await startSmtpServer());
  overrides.smtpUrl = smtp.url;
});
afterAll(async () => {
  push.close();
  await smtp.close?.();
});
const server = useServer(overrides);
const cast = {} as Cast;
beforeAll(async () => {
  Object.assign(cast, await createCast(server));
});

const subscribe = (client: Client, name: string) => subscribeDevice(push, client, name);
/** The n-th push a device got: its classic fields and its declarative twin's language. */
async function nth(device: FakeDevice, n: number) {
  await eventually(() => push.to(device.name).length >= n);
  const message = decryptFor(device, push.to(device.name)[n - 1]!.body) as Record<string, unknown> & { notification: { lang: string } };
  return { title: message.title as string, body: message.body as string, lang: message.notification.lang };
}
/** Intl's no-break spaces (in 'US$ 6,99' and '16:30 GMT-4') read as spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const setLanguage = async (client: Client, username: string, language: string) =>
  expect((await client.put(`/api/marketplace/contact/${username}`, { language })).status).toBe(200);

describe('a push in its recipient’s language', () => {
  it('when an admin approves the purchase of a player whose account reads pt-BR, then the player’s push is in Portuguese', async () => {
    await setLanguage(cast.alice, 'alice', 'pt-BR');
    const phone = await subscribe(cast.alice, 'alice-phone');
    const request = await createPurchase(cast.alice);
    // The admin who approves reads English (their browser says so): the player's words are still Portuguese.
    const approved = await cast.admin.patch(
      `/api/purchase-requests/${request.id}/status`,
      { status: 'approved', scheduledDate: `3/14/${YEAR}`, scheduledTime: '4:30 PM' },
      { 'accept-language': 'en-US' },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const told = await nth(phone, 1);
    expect(told.title).toBe('Pedido de compra aprovado');
    expect(plain(told.body)).toMatch(
      new RegExp(`^Seu pedido de 3 itens \\(US\\$ 6,99\\) será entregue em 14/03/${YEAR} às 16:30 GMT-[45]\\.$`),
    );
    expect(told.lang).toBe('pt-BR');
    // Her Inbox keeps the same words.
    const inbox = (await cast.alice.get('/api/inbox')).body as { items: Array<{ title: string }> };
    expect(inbox.items.map((item) => item.title)).toContain('Pedido de compra aprovado');
  });

  it('when a player sends a purchase request, then an admin whose account reads es gets it in Spanish and one without a saved language in English', async () => {
    await setLanguage(cast.admin, 'carol', 'es');
    const tablet = await subscribe(cast.admin, 'carol-tablet');
    const desk = await subscribe(cast.superAdmin, 'super-desk');
    // Bob reads Portuguese: the admins' notice is not in his language but in each admin's.
    await setLanguage(cast.bob, 'bob', 'pt-BR');
    const request = await createPurchase(cast.bob);
    const spanish = await nth(tablet, 1);
    expect(spanish).toMatchObject({ title: 'Nueva solicitud de compra', lang: 'es' });
    expect(plain(spanish.body)).toBe(`Solicitud #${request.id}: 3 objetos, 6,99 US$.`);
    const english = await nth(desk, 1);
    expect(english).toEqual({ title: 'New purchase request', body: `Request #${request.id}: 3 items, $6.99.`, lang: 'en' });
  });
});

describe('a mail in its recipient’s language', () => {
  const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));
  async function mailTo(address: string, count: number): Promise<ReceivedMail> {
    await eventually(() => mailsTo(address).length >= count);
    return mailsTo(address)[count - 1]!;
  }
  /** The Subject header, its MIME encoded words (RFC 2047) read. */
  const subjectOf = (mail: ReceivedMail) =>
    /^Subject: (.*(?:\r?\n[ \t].*)*)/m
      .exec(mail.text)![1]!
      .replace(/\r?\n[ \t]/g, ' ')
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?utf-8\?([QB])\?(.*?)\?=/gi, (_m, kind: string, words: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(words, 'base64').toString('utf8')
          : Buffer.from(
              words.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            ).toString('utf8'),
      );

  /** Signs a player up, saves their email (asking in `asked`) and opens the verification link mailed to it. */
  async function verified(username: string, asked: string): Promise<{ player: Client; verification: ReceivedMail }> {
    const player = await signUp(server, username);
    const email = `${username}@example.com`;
    const saved = await player.put(`/api/marketplace/contact/${username}`, { contactEmail: email }, { 'accept-language': asked });
    expect(saved.status).toBe(200);
    const verification = await mailTo(email, 1);
    const token = linkIn(verification, '/verify-email').searchParams.get('token');
    expect((await new Client(server.url).post('/api/marketplace/verify-email', { token })).status).toBe(200);
    return { player, verification };
  }

  it('when a player whose account reads es asks for a password reset from a browser in Portuguese, then the mail is in Spanish, text and HTML', async () => {
    const { player } = await verified('dana', 'en-US');
    await setLanguage(player, 'dana', 'es');
    const asked = await new Client(server.url).post(
      '/api/marketplace/forgot-password',
      { username: 'dana' },
      { 'accept-language': 'pt-BR' },
    );
    expect(asked.status).toBe(202);
    const mail = await mailTo('dana@example.com', 2);
    expect(subjectOf(mail)).toBe('Elige una contraseña nueva para Blockspin Market');
    expect(mail.text).toContain(
      'Hola, dana:\r\n\r\nAlguien (esperamos que tú) pidió restablecer tu contraseña de Blockspin Market. Abre este enlace para elegir una nueva:',
    );
    expect(mail.text).toContain(
      'El enlace funciona una sola vez, durante una hora. Si no lo pediste, ignora este mensaje: tu contraseña sigue igual.',
    );
    expect(mail.text).toContain('<html lang="es">');
    expect(mail.text).toContain('<p>Hola, dana:</p>');
    expect(linkIn(mail, '/reset-password').searchParams.get('username')).toBe('dana');
    expect(mail.text).not.toContain('Choose a new password');
  });

  it('when an account has no saved language, then its mails speak the asking browser’s language; without one, English as before', async () => {
    const { verification } = await verified('eva', 'pt-BR,pt;q=0.9');
    expect(subjectOf(verification)).toBe('Confirme seu e-mail no Blockspin Market');
    expect(verification.text).toContain('Abra este link para confirmar que eva@example.com é seu.');
    await new Client(server.url).post('/api/marketplace/forgot-password', { username: 'eva' }, { 'accept-language': 'es-MX,es;q=0.9' });
    const reset = await mailTo('eva@example.com', 2);
    expect(subjectOf(reset)).toBe('Elige una contraseña nueva para Blockspin Market');

    const { verification: english } = await verified('finn', 'de-DE');
    expect(subjectOf(english)).toBe('Confirm your email for Blockspin Market');
    expect(english.text).toContain(
      'Hi finn,\r\n\r\nOpen this link to confirm that finn@example.com is yours. It lets you reset your password by email if you forget it.',
    );
  });
});
