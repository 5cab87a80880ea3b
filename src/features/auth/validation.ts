import { LOGIN_MESSAGES } from './messages';

// The password forms (sign-up, change password, reset password) are checked by the schemas in
// src/domain/schemas/auth.ts (SignupForm, ChangePasswordForm, ResetLinkForm) that build on the bodies the server checks.

/** The problem with a login form, or null: both fields are required. */
export function validateLogin(input: { username: string; password: string }): string | null {
  return !input.username.trim() || !input.password ? LOGIN_MESSAGES.required : null;
}
