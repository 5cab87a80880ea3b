import { PASSWORD_FORM_TEXTS } from '@/domain/schemas/auth';
import type { SessionEndReason } from '@/domain/session-end';

// The product's texts for signup, login and the admin change-password page, copied word for word.
export const SIGNUP_MESSAGES = {
  // The form's checks and their words live with the schema the server checks too.
  ...PASSWORD_FORM_TEXTS.signup,
  failed: 'Signup failed',
  network: 'Failed to create account. Please try again.',
} as const;

/**
 * What the login screen says when the server ended the session (not the player's own logout), and (`kept`) when a
 * sell or purchase made as it ended was kept in the outbox: whole sentences, each translated as one.
 */
export const SESSION_ENDED_MESSAGES: Record<SessionEndReason, { plain: string; kept: string }> = {
  'session-ended': {
    plain: 'Your session ended — log in again.',
    kept: 'Your session ended — log in again; your request is kept and will be sent.',
  },
  'password-changed': {
    plain: 'Your password was changed on another device — log in again with the new one.',
    kept: 'Your password was changed on another device — log in again with the new one; your request is kept and will be sent.',
  },
  'admin-removed': {
    plain: 'Your admin access was removed — log in again to go on as a player.',
    kept: 'Your admin access was removed — log in again to go on as a player; your request is kept and will be sent.',
  },
  'account-deleted': { plain: 'This account was deleted.', kept: 'This account was deleted.' },
  'second-factor-reset': {
    plain: 'Your authenticator app and passkeys were removed by the super admin — log in with your password and set up a new one.',
    kept: 'Your authenticator app and passkeys were removed by the super admin — log in with your password and set up a new one; your request is kept and will be sent.',
  },
};

/** The login screen's sentence for an ended session (English; the screen shows it in the language shown). */
export function sessionEndedText(reason: SessionEndReason, kept: boolean): string {
  return SESSION_ENDED_MESSAGES[reason][kept ? 'kept' : 'plain'];
}

export const LOGIN_MESSAGES = {
  required: 'Username and password are required',
  failed: 'Login failed',
  network: 'Failed to login. Please try again.',
} as const;

export const ADMIN_PASSWORD_MESSAGES = {
  heading: 'Set your secure admin password',
  ...PASSWORD_FORM_TEXTS.changePassword,
  failed: 'Failed to change password',
  success: 'Password updated successfully! You can now log in with your new password.',
} as const;

/** The password page signed out and without a one-time link: no password can be changed there. */
export const CHANGE_PASSWORD_SIGNED_OUT = {
  notLoggedIn: 'You are not logged in.',
  sessionEnded: 'Your session ended — log in again.',
  whatToDo: 'Log in first, then change your password here or with Reset Password in My Account.',
  firstSetup: 'Setting up the admin account for the first time? Open the one-time link printed when the server started.',
} as const;

/** Delay before the admin password page goes to /login after a success: 3 s. */
export const ADMIN_PASSWORD_REDIRECT_MS = 3000;

/** Forgot password and the reset link's screen (issue 29.10). */
export const RESET_MESSAGES = {
  forgotTitle: 'Forgot password',
  forgotText: 'Enter your username. If your account has a verified email, we send a link to choose a new password.',
  send: 'Send reset link',
  sending: 'Sending...',
  noEmail: 'No verified email? Ask the admin for a reset link.',
  failed: 'Could not send the link. Please try again.',
  network: 'You are offline. Connect and try again.',
  resetTitle: 'Choose a new password',
  resetSubtitle: 'This one-time link sets a new password for your account.',
  save: 'Save new password',
  saving: 'Saving...',
  done: 'Your password is changed. Log in with the new one.',
  invalid: 'This link is invalid, has ended or was already used. Ask for a new one.',
  verifyTitle: 'Confirm your email',
  verifying: 'Confirming your email...',
  verified: (email: string) => `${email} is confirmed. You can now reset your password by email if you forget it.`,
  forgotLink: 'Forgot password?',
} as const;
