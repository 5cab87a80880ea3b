import type { Locale } from '../../../src/domain/locale';
import { AppError } from '../../lib/app-error';
import { emailStatus, sendVerification, verifyEmail } from './email-verification';
import { MAIL_NOT_SET_UP, type ResetDeps } from './reset-deps';
import { issueResetLink, mailResetLink } from './reset-links';

export { MAIL_NOT_SET_UP, RESET_EMAIL_TTL_MS, RESET_LINK_TTL_MS, RESET_REQUESTED, type ResetDeps } from './reset-deps';

/**
 * Forgot password (issue 29.10): verified emails (email-verification.ts), emailed one-time reset links and the super
 * admin's reset links (reset-links.ts); this binds them to the module's dependencies for the routes.
 */
export function createResetService(deps: ResetDeps) {
  /** The forgot-password mails of this process, one after another (see requestReset). */
  let resetQueue: Promise<void> = Promise.resolve();
  return {
    mailConfigured: deps.mailer.configured,
    emailStatus: (userId: number) => emailStatus(deps, userId),
    sendVerification: (userId: number, again = false, asked?: Locale) => sendVerification(deps, userId, again, asked),
    verifyEmail: (token: string) => verifyEmail(deps, token),
    /**
     * Forgot password. The answer and its timing are the same whatever the case (the mail is sent after answering), so
     * nobody learns who has an account.
     */
    requestReset(username: string, asked?: Locale): void {
      if (!deps.mailer.configured) throw new AppError(503, MAIL_NOT_SET_UP);
      // One at a time in this process: the hourly cap is a count then an insert, and asks answered back to back raced
      // past it (PostgreSQL mailed a fourth link in the CI run).
      resetQueue = resetQueue
        .then(() => mailResetLink(deps, username, asked))
        .catch((error: unknown) => deps.logger.error({ err: error }, 'a password reset mail failed'));
    },
    issueResetLink: (username: string, superAdmin: { id: number; username: string }) => issueResetLink(deps, username, superAdmin),
  };
}
export type ResetService = ReturnType<typeof createResetService>;
