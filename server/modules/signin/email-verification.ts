import type { Locale } from '../../../src/domain/locale';
import { messagesIn } from '../../lib/i18n/messages';
import { badRequest } from '../../lib/app-error';
import { hashToken, newToken } from '../auth/tokens';
import { linkMail } from './mail';
import { localeFor, sameEmail, verifiedEmail, type ResetDeps } from './reset-deps';

const VERIFY_TTL_MS = 24 * 60 * 60_000;

/** The account's contact email, whether it is verified, and whether this server can mail at all. */
export async function emailStatus(deps: ResetDeps, userId: number) {
  const row = await deps.users.findById(deps.tx, userId);
  const verified = await verifiedEmail(deps, userId);
  return { email: row?.contact_email ?? null, verified: verified !== null, mail: deps.mailer.configured };
}

/**
 * Mails a verification link to the account's contact email, unless it is already verified (or there is none);
 * `asked` is the language of the request that set the email (the account's own).
 */
export async function sendVerification(deps: ResetDeps, userId: number, again = false, asked?: Locale): Promise<boolean> {
  const { tx, users, mailer, origin } = deps;
  const row = await users.findById(tx, userId);
  if (!mailer.configured || !row?.contact_email || (await verifiedEmail(deps, userId))) return false;
  // A contact save that kept the same email does not mail again within ten minutes (asking explicitly does).
  const pending = await tx.kysely().selectFrom('email_verifications').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!again && pending && sameEmail(pending.email, row.contact_email) && Date.now() - pending.created_at < 10 * 60_000) return false;
  const token = newToken();
  const now = Date.now();
  await tx.run(async (tx) => {
    await tx.kysely().deleteFrom('email_verifications').where('user_id', '=', userId).execute();
    await tx
      .kysely()
      .insertInto('email_verifications')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        email: row.contact_email!,
        created_at: now,
        expires_at: now + VERIFY_TTL_MS,
      })
      .execute();
  });
  const locale = localeFor(row.language, asked);
  const _ = messagesIn(locale);
  return mailer.send(
    linkMail({
      to: row.contact_email,
      lang: locale,
      subject: _('Confirm your email for Blockspin Market'),
      greeting: _('Hi {name},', { name: row.username }),
      before: _('Open this link to confirm that {email} is yours. It lets you reset your password by email if you forget it.', {
        email: row.contact_email,
      }),
      link: `${origin()}/verify-email?token=${encodeURIComponent(token)}`,
      after: _('The link works for 24 hours. If you did not set this email in Blockspin Market, ignore this message.'),
    }),
  );
}

/** Opens a verification link: the email it was sent to becomes verified, if it is still the account's. */
export async function verifyEmail({ tx, users }: ResetDeps, token: string): Promise<{ email: string }> {
  const tokenHash = hashToken(token);
  const stored = await tx.kysely().selectFrom('email_verifications').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  const row = stored && (await users.findById(tx, stored.user_id));
  if (!stored || !row || stored.expires_at < Date.now() || !sameEmail(row.contact_email, stored.email)) {
    throw badRequest('This link is invalid or has ended. Send a new one from My Account.');
  }
  await tx.run(async (tx) => {
    await tx.kysely().deleteFrom('email_verifications').where('user_id', '=', row.id).execute();
    await tx
      .kysely()
      .insertInto('verified_emails')
      .values({ user_id: row.id, email: stored.email, verified_at: Date.now() })
      .onConflict((c) => c.column('user_id').doUpdateSet({ email: stored.email, verified_at: Date.now() }))
      .execute();
  });
  return { email: stored.email };
}
