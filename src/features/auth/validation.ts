import { PASSWORD_MIN, Username } from '../../domain/schemas/auth';
import { ADMIN_PASSWORD_MESSAGES, LOGIN_MESSAGES, SIGNUP_MESSAGES } from './messages';

/** The first problem with a sign-up form, or null: all fields, matching passwords, 8+ characters, then the username rule. */
export function validateSignup(input: { username: string; password: string; confirmPassword: string }): string | null {
  if (!input.username.trim() || !input.password || !input.confirmPassword) return SIGNUP_MESSAGES.required;
  if (input.password !== input.confirmPassword) return SIGNUP_MESSAGES.mismatch;
  if (input.password.length < PASSWORD_MIN) return SIGNUP_MESSAGES.tooShort;
  const username = Username.safeParse(input.username);
  if (!username.success) return username.error.issues[0]?.message ?? SIGNUP_MESSAGES.failed;
  return null;
}

/** The problem with a login form, or null: both fields are required. */
export function validateLogin(input: { username: string; password: string }): string | null {
  return !input.username.trim() || !input.password ? LOGIN_MESSAGES.required : null;
}

/** The first problem with the admin change-password form, or null: all fields, matching passwords, 8+ characters. */
export function validateAdminPassword(input: {
  username: string;
  newPassword: string;
  confirmPassword: string;
  currentPassword?: string;
}): string | null {
  if (!input.username.trim() || !input.newPassword || !input.confirmPassword || input.currentPassword === '')
    return ADMIN_PASSWORD_MESSAGES.required;
  if (input.newPassword !== input.confirmPassword) return ADMIN_PASSWORD_MESSAGES.mismatch;
  if (input.newPassword.length < PASSWORD_MIN) return ADMIN_PASSWORD_MESSAGES.tooShort;
  return null;
}
