import { PASSWORD_MIN } from '../../domain/schemas/auth';
import { PASSWORD_RESET_MESSAGES as M } from './messages';

/** The first problem with the password reset form, or null: all fields, matching, at least 8 characters. */
export function validatePasswordReset(input: { currentPassword: string; newPassword: string; confirmPassword: string }): string | null {
  if (!input.currentPassword || !input.newPassword || !input.confirmPassword) return M.required;
  if (input.newPassword !== input.confirmPassword) return M.mismatch;
  if (input.newPassword.length < PASSWORD_MIN) return M.tooShort;
  return null;
}
