import type { Tx } from '../../db/scope';
import { isLocale, type Locale } from '../../../src/domain/locale';
import type { Logger } from '../../lib/logger';
import { hashToken, newToken } from '../auth/tokens';
import type { UsersRepository } from '../users/repository';
import type { Mailer } from './mail';

/** An emailed reset link works once, within an hour; one the super admin hands over, within a day. */
export const RESET_EMAIL_TTL_MS = 60 * 60_000;
export const RESET_LINK_TTL_MS = 24 * 60 * 60_000;

export const RESET_REQUESTED =
  'If that account has a verified email, a link to choose a new password is on its way. It works once, within an hour.';
export const MAIL_NOT_SET_UP = 'Password reset by email is not set up on this server. Ask the admin for a reset link.';

export interface ResetDeps {
  tx: Tx;
  users: UsersRepository;
  mailer: Mailer;
  logger: Logger;
  /** Where the links point: PUBLIC_ORIGIN, else the address the server printed at start (never a request's Host). */
  origin: () => string;
}

/**
 * The language of a mail (issue 50): the account's saved one, else — the mail being asked for by a request — that
 * request's language (its session user's, else its Accept-Language), else English.
 */
export const localeFor = (saved: string | null | undefined, asked: Locale | undefined): Locale =>
  isLocale(saved) ? saved : (asked ?? 'en');

export const sameEmail = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The account's contact email when it is the one verified; null otherwise. */
export async function verifiedEmail({ tx, users }: ResetDeps, userId: number): Promise<string | null> {
  const row = await users.findById(tx, userId);
  const proof = await tx.kysely().selectFrom('verified_emails').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row && proof && sameEmail(row.contact_email, proof.email) ? row.contact_email : null;
}

/** Stores a new one-time reset token for the account, valid for `ttlMs`; returns the token. */
export async function issueResetToken(within: Tx, userId: number, ttlMs: number): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await within
    .kysely()
    .insertInto('setup_tokens')
    .values({ token_hash: hashToken(token), user_id: userId, created_at: now, expires_at: now + ttlMs })
    .execute();
  return token;
}

export const resetPath = (token: string, username: string) =>
  `/reset-password?token=${encodeURIComponent(token)}&username=${encodeURIComponent(username)}`;
