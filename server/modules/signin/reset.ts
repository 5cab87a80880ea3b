import type { Tx } from '../../db/scope';
import { isLocale, type Locale } from '../../../src/domain/locale';
import { messagesIn } from '../../lib/i18n/messages';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { hashToken, newToken } from '../auth/tokens';
import { recordTransition } from '../history/audit';
import type { UsersRepository } from '../users/repository';
import { linkMail, type Mailer } from './mail';

/** An emailed reset link works once, within an hour; one the super admin hands over, within a day. */
export const RESET_EMAIL_TTL_MS = 60 * 60_000;
export const RESET_LINK_TTL_MS = 24 * 60 * 60_000;
const VERIFY_TTL_MS = 24 * 60 * 60_000;
/** Reset mails per account and hour, whoever asks (the answer is the same either way). */
const RESETS_PER_HOUR = 3;

export const RESET_REQUESTED =
  'If that account has a verified email, a link to choose a new password is on its way. It works once, within an hour.';
export const MAIL_NOT_SET_UP = 'Password reset by email is not set up on this server. Ask the admin for a reset link.';

/**
 * The language of a mail (issue 50): the account's saved one, else — the mail being asked for by a request — that
 * request's language (its session user's, else its Accept-Language), else English.
 */
const localeFor = (saved: string | null | undefined, asked: Locale | undefined): Locale => (isLocale(saved) ? saved : (asked ?? 'en'));

const sameEmail = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

export interface ResetDeps {
  tx: Tx;
  users: UsersRepository;
  mailer: Mailer;
  logger: Logger;
  /** Where the links point: PUBLIC_ORIGIN, else the address the server printed at start (never a request's Host). */
  origin: () => string;
}

/** Forgot password (issue 29.10): verified emails, emailed one-time reset links, and the super admin's reset links. */
export function createResetService({ tx, users, mailer, logger, origin }: ResetDeps) {
  async function verifiedEmail(userId: number): Promise<string | null> {
    const row = await users.findById(tx, userId);
    const proof = await tx.kysely().selectFrom('verified_emails').selectAll().where('user_id', '=', userId).executeTakeFirst();
    return row && proof && sameEmail(row.contact_email, proof.email) ? row.contact_email : null;
  }

  async function issueResetToken(userId: number, ttlMs: number, within: Tx = tx): Promise<string> {
    const token = newToken();
    const now = Date.now();
    await within
      .kysely()
      .insertInto('setup_tokens')
      .values({ token_hash: hashToken(token), user_id: userId, created_at: now, expires_at: now + ttlMs })
      .execute();
    return token;
  }

  const resetPath = (token: string, username: string) =>
    `/reset-password?token=${encodeURIComponent(token)}&username=${encodeURIComponent(username)}`;
  /** The forgot-password mails of this process, one after another (see requestReset). */
  let resetQueue: Promise<void> = Promise.resolve();

  return {
    mailConfigured: mailer.configured,

    async emailStatus(userId: number) {
      const row = await users.findById(tx, userId);
      const verified = await verifiedEmail(userId);
      return { email: row?.contact_email ?? null, verified: verified !== null, mail: mailer.configured };
    },

    /**
     * Mails a verification link to the account's contact email, unless it is already verified (or there is none);
     * `asked` is the language of the request that set the email (the account's own).
     */
    async sendVerification(userId: number, again = false, asked?: Locale): Promise<boolean> {
      const row = await users.findById(tx, userId);
      if (!mailer.configured || !row?.contact_email || (await verifiedEmail(userId))) return false;
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
    },

    /** Opens a verification link: the email it was sent to becomes verified, if it is still the account's. */
    async verifyEmail(token: string): Promise<{ email: string }> {
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
    },

    /**
     * Forgot password: mails a one-time link when the account exists and its email is verified. The answer and its
     * timing are the same whatever the case (the mail is sent after answering), so nobody learns who has an account.
     * The mail is in the account's language, else in `asked` (the asking browser's).
     */
    requestReset(username: string, asked?: Locale): void {
      if (!mailer.configured) throw new AppError(503, MAIL_NOT_SET_UP);
      // One at a time in this process: the hourly cap is a count then an insert, and asks answered back to back raced
      // past it (PostgreSQL mailed a fourth link in the CI run).
      resetQueue = resetQueue
        .then(async () => {
          const row = await users.findByName(tx, username.trim());
          if (!row) return;
          const email = await verifiedEmail(row.id);
          if (!email) return;
          const recent = await tx
            .kysely()
            .selectFrom('setup_tokens')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', row.id)
            .where('created_at', '>', Date.now() - 60 * 60_000)
            .executeTakeFirst();
          if (Number(recent?.n ?? 0) >= RESETS_PER_HOUR) return;
          const token = await issueResetToken(row.id, RESET_EMAIL_TTL_MS);
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
        })
        .catch((error: unknown) => logger.error({ err: error }, 'a password reset mail failed'));
    },

    /** The super admin's one-time reset link for a player without email (handed over in person or by chat). */
    async issueResetLink(
      username: string,
      superAdmin: { id: number; username: string },
    ): Promise<{ username: string; path: string; expiresAt: string }> {
      const row = await users.findByName(tx, username);
      if (!row) throw notFound('User not found');
      if (row.is_super_admin === 1) throw badRequest('The super admin changes their own password in My Account');
      const token = await tx.run(async (tx) => {
        const issued = await issueResetToken(row.id, RESET_LINK_TTL_MS, tx);
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
    },
  };
}
export type ResetService = ReturnType<typeof createResetService>;
