import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config';
import { MAIL_NOT_SET_UP, RESET_REQUESTED } from '../../server/modules/signin/reset';
import { startTestServer } from '../support/server';
import { linkIn, startSmtpServer, type ReceivedMail } from '../support/smtp';
import { Client, eventually, logIn, logInSuperAdmin, PASSWORD, queryDatabase, signUp, useServer } from './helpers';

const smtp = {} as Awaited<ReturnType<typeof startSmtpServer>>;
const overrides: Partial<Config> = {};
beforeAll(async () => {
  Object.assign(smtp, await startSmtpServer());
  overrides.smtpUrl = smtp.url;
});
afterAll(async () => smtp.close?.());
const server = useServer(overrides);

const mailTo = async (address: string, count = 1): Promise<ReceivedMail> => {
  await eventually(() => smtp.mails.filter((m) => m.to.includes(address)).length >= count);
  return smtp.mails.filter((m) => m.to.includes(address))[count - 1];
};

/** Signs a player up with a contact email and opens the verification link mailed to it. */
async function verifiedPlayer(username: string): Promise<Client> {
  const player = await signUp(server, username);
  const email = `${username}@example.com`;
  expect((await player.put(`/api/marketplace/contact/${username}`, { contactEmail: email })).status).toBe(200);
  const mail = await mailTo(email);
  expect(mail.text).toContain('Confirm your email for Blockspin Market');
  const link = linkIn(mail, '/verify-email');
  expect(link.origin).toBe(server.url);
  const verified = await new Client(server.url).post('/api/marketplace/verify-email', { token: link.searchParams.get('token') });
  expect(verified.status).toBe(200);
  expect(verified.body).toEqual({ email });
  return player;
}

describe('forgot password by email', () => {
  it('when a player with a verified email asks, then a one-time link arrives that sets a new password and ends the sessions', async () => {
    const player = await verifiedPlayer('reset_ann');
    expect((await player.get('/api/marketplace/email-status')).body).toEqual({
      email: 'reset_ann@example.com',
      verified: true,
      mail: true,
    });

    const asked = await new Client(server.url).post('/api/marketplace/forgot-password', { username: 'RESET_ANN' });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: RESET_REQUESTED });
    const mail = await mailTo('reset_ann@example.com', 2);
    expect(mail.text).toContain('Choose a new password for Blockspin Market');
    const link = linkIn(mail, '/reset-password');
    expect(link.origin).toBe(server.url);
    expect(link.searchParams.get('username')).toBe('reset_ann');
    const token = link.searchParams.get('token')!;

    const changed = await new Client(server.url).put('/api/marketplace/change-password/reset_ann', {
      token,
      newPassword: 'a-new-password-1',
    });
    expect(changed.status).toBe(200);
    expect((await player.get('/api/marketplace/me')).status).toBe(401);
    await expect(logIn(server, 'reset_ann', PASSWORD)).rejects.toThrow();
    await logIn(server, 'reset_ann', 'a-new-password-1');
    const again = await new Client(server.url).put('/api/marketplace/change-password/reset_ann', {
      token,
      newPassword: 'another-password-2',
    });
    expect(again.status).toBe(403);
  });

  it('when the name is unknown, or the email is not verified (or changed since), then the answer is the same and no mail is sent', async () => {
    await signUp(server, 'reset_unverified');
    const player = await verifiedPlayer('reset_changed');
    expect((await player.put('/api/marketplace/contact/reset_changed', { contactEmail: 'elsewhere@example.com' })).status).toBe(200);
    expect((await player.get('/api/marketplace/email-status')).body).toEqual({
      email: 'elsewhere@example.com',
      verified: false,
      mail: true,
    });
    await mailTo('elsewhere@example.com');
    await verifiedPlayer('reset_marker');
    const before = smtp.mails.length;
    for (const username of ['nobody_here', 'reset_unverified', 'reset_changed', 'reset_marker']) {
      const asked = await new Client(server.url).post('/api/marketplace/forgot-password', { username });
      expect(asked.status).toBe(202);
      expect(asked.body).toEqual({ message: RESET_REQUESTED });
    }
    // The last one, a verified player's, is mailed: a mail for any of the three before it would have been sent first.
    await mailTo('reset_marker@example.com', 2);
    expect(smtp.mails.slice(before).map((mail) => mail.to)).toEqual([['reset_marker@example.com']]);
  });

  it('when a reset link is more than an hour old, then it no longer sets a password', async () => {
    await verifiedPlayer('reset_late');
    await new Client(server.url).post('/api/marketplace/forgot-password', { username: 'reset_late' });
    const token = linkIn(await mailTo('reset_late@example.com', 2), '/reset-password').searchParams.get('token')!;
    await queryDatabase(server, 'UPDATE setup_tokens SET expires_at = ? WHERE user_id = (SELECT id FROM users WHERE username = ?)', [
      Date.now() - 1,
      'reset_late',
    ]);
    const late = await new Client(server.url).put('/api/marketplace/change-password/reset_late', {
      token,
      newPassword: 'a-new-password-1',
    });
    expect(late.status).toBe(403);
    expect(late.body.message).toBe('This password link is invalid or has already been used');
  });

  it('when a verification link was sent for an email that has changed since, then it verifies nothing', async () => {
    const player = await signUp(server, 'verify_swap');
    await player.put('/api/marketplace/contact/verify_swap', { contactEmail: 'first@example.com' });
    const token = linkIn(await mailTo('first@example.com'), '/verify-email').searchParams.get('token');
    await player.put('/api/marketplace/contact/verify_swap', { contactEmail: 'second@example.com' });
    const refused = await new Client(server.url).post('/api/marketplace/verify-email', { token });
    expect(refused.status).toBe(400);
    expect((await player.get('/api/marketplace/email-status')).body.verified).toBe(false);
  });
});

describe("the super admin's reset link", () => {
  it('when the super admin issues a link for a player without email, then it sets the password once; nobody else may issue one', async () => {
    const player = await signUp(server, 'no_email_player');
    const boss = await logInSuperAdmin(server);
    expect((await player.post('/api/admin/marketplace-users/no_email_player/reset-link')).status).toBe(403);
    const issued = await boss.post('/api/admin/marketplace-users/no_email_player/reset-link');
    expect(issued.status).toBe(201);
    expect(issued.body).toEqual({
      username: 'no_email_player',
      path: expect.stringMatching(/^\/reset-password\?token=[\w-]{43}&username=no_email_player$/),
      expiresAt: expect.any(String),
    });
    expect(Date.parse(issued.body.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    const token = new URL(issued.body.path, server.url).searchParams.get('token');
    expect(
      (await new Client(server.url).put('/api/marketplace/change-password/no_email_player', { token, newPassword: 'handed-over-pass-1' }))
        .status,
    ).toBe(200);
    await logIn(server, 'no_email_player', 'handed-over-pass-1');
    expect(
      (await new Client(server.url).put('/api/marketplace/change-password/no_email_player', { token, newPassword: 'again-pass-123' }))
        .status,
    ).toBe(403);
    expect((await boss.post('/api/admin/marketplace-users/nobody_at_all/reset-link')).status).toBe(404);
  });
});

describe('without SMTP_URL', () => {
  const plain = useServer();
  it('when a player asks for a reset, then 503 says to ask the admin', async () => {
    const asked = await new Client(plain.url).post('/api/marketplace/forgot-password', { username: 'anyone' });
    expect(asked.status).toBe(503);
    expect(asked.body.message).toBe(MAIL_NOT_SET_UP);
  });
});

describe('forgot password under a flood (issue 29)', () => {
  it('when one name is asked for from many addresses, or one address asks for many names, then each is cut off with 429 and Retry-After, and the mails stay bounded', async () => {
    const server = await startTestServer({ rateLimit: true, smtpUrl: smtp.url });
    try {
      const player = await signUp(server, 'flood_ann');
      const email = 'flood_ann@example.com';
      expect((await player.put('/api/marketplace/contact/flood_ann', { contactEmail: email })).status).toBe(200);
      const verify = linkIn(await mailTo(email), '/verify-email');
      expect((await new Client(server.url).post('/api/marketplace/verify-email', { token: verify.searchParams.get('token') })).status).toBe(
        200,
      );

      // One name from twelve addresses: five answers, then refused, whoever asks.
      const byName = [];
      for (let i = 0; i < 12; i++)
        byName.push(
          await new Client(server.url).post(
            '/api/marketplace/forgot-password',
            { username: i % 2 ? 'flood_ann' : 'Flood_Ann' },
            { 'x-forwarded-for': `198.51.100.${i}` },
          ),
        );
      expect(byName.map((answer) => answer.status)).toEqual([...Array(5).fill(202), ...Array(7).fill(429)]);
      expect(Number(byName[5]!.headers.get('retry-after'))).toBeGreaterThan(0);
      // The name is one name whatever its case. Of the accepted asks, at most three an hour are mailed.
      const resets = () => smtp.mails.filter((m) => m.to.includes(email) && m.text.includes('/reset-password'));
      await eventually(() => resets().length >= 3, 10_000);

      // One address asking for thirty-one different names: the thirty-first is refused.
      const shared = { 'x-forwarded-for': '203.0.113.77' };
      const byAddress = [];
      for (let i = 0; i < 31; i++)
        byAddress.push((await new Client(server.url).post('/api/marketplace/forgot-password', { username: `nobody_${i}` }, shared)).status);
      expect(byAddress.slice(0, 30).every((status) => status === 202)).toBe(true);
      expect(byAddress[30]).toBe(429);
      // Another address is not held up by that one.
      expect(
        (
          await new Client(server.url).post(
            '/api/marketplace/forgot-password',
            { username: 'nobody_x' },
            { 'x-forwarded-for': '203.0.113.78' },
          )
        ).status,
      ).toBe(202);
      expect(resets().length).toBe(3);
    } finally {
      await server.close();
    }
  }, 60_000);
});
