import type { Locale } from '../../../src/domain/locale';
import { messagesIn } from '../../lib/i18n/messages';
import { badRequest, notFound } from '../../lib/app-error';
import { recordTransition } from '../history/audit';
import { linkMail } from './mail';
import { issueResetToken, localeFor, RESET_EMAIL_TTL_MS, RESET_LINK_TTL_MS, resetPath, verifiedEmail, type ResetDeps } from './reset-deps';

/** Reset mails per account and hour, whoever asks (the answer is the same either way). */
const RESETS_PER_HOUR = 3;

/**
 * Forgot password: mails a one-time link when the account exists, its email is verified and it has had fewer than
 * RESETS_PER_HOUR this hour; in the account's language, else in `asked` (the asking browser's).
 */
export async function mailResetLink(deps: ResetDeps, username: string, asked?: Locale): Promise<void> {
  const { tx, users, mailer, logger, origin } = deps;
  const row = await users.findByName(tx, username.trim());
  if (!row) return;
  const email = await verifiedEmail(deps, row.id);
  if (!email) return;
  const recent = await tx
    .kysely()
    .selectFrom('setup_tokens')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', row.id)
    .where('created_at', '>', Date.now() - 60 * 60_000)
    .executeTakeFirst();
  if (Number(recent?.n ?? 0) >= RESETS_PER_HOUR) return;
  const token = await issueResetToken(tx, row.id, RESET_EMAIL_TTL_MS);
  const locale = localeFor(row.language, asked);
  const _ = messagesIn(locale);
  await mailer.send(
    linkMail({
      to: email,
      lang: locale,
      subject: _('Choose a new password for Blockspin Market'),
      greeting: _('Hi {name},', { name: row.username }),
      before: _('Someone (we hope you) asked to reset your Blockspin Market password. Open this link to choose a new one:'),
      link: `${origin()}${resetPath(token, row.username)}`,
      after: _('The link works once, within an hour. If you did not ask, ignore this message: your password stays as it is.'),
    }),
  );
  logger.info({ username: row.username }, 'a password reset link was mailed');
}

/** The super admin's one-time reset link for a player without email (handed over in person or by chat). */
export async function issueResetLink(
  { tx, users, logger }: ResetDeps,
  username: string,
  superAdmin: { id: number; username: string },
): Promise<{ username: string; path: string; expiresAt: string }> {
  const row = await users.findByName(tx, username);
  if (!row) throw notFound('User not found');
  if (row.is_super_admin === 1) throw badRequest('The super admin changes their own password in My Account');
  const token = await tx.run(async (tx) => {
    const issued = await issueResetToken(tx, row.id, RESET_LINK_TTL_MS);
    await recordTransition(tx, {
      subject: 'user',
      subjectId: row.id,
      from: null,
      to: 'reset-link-issued',
      actor: superAdmin,
      note: `A one-time password reset link for ${row.username}, valid for 24 hours`,
    });
    return issued;
  });
  logger.info({ username: row.username, by: superAdmin.username }, 'the super admin issued a password reset link');
  return {
    username: row.username,
    path: resetPath(token, row.username),
    expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS).toISOString(),
  };
}
