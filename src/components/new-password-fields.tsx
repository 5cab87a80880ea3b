import type { FieldBinding } from '@/lib/forms/use-zod-form';
import { useLingui } from '@/lib/i18n/react';
import { PasswordField } from './form-field';

/**
 * A new password (at least 8 characters) and its confirmation, as the password forms ask for them: the reset link's
 * page, the /change-password page and My Account's Reset Password (which labels the second 'Confirm New Password').
 */
export function NewPasswordFields({
  newPassword,
  confirmPassword,
  confirmLabel,
}: {
  newPassword: FieldBinding;
  confirmPassword: FieldBinding;
  confirmLabel?: string;
}) {
  const { _ } = useLingui();
  return (
    <>
      <PasswordField label={_('New Password')} autoComplete="new-password" hint={_('At least 8 characters.')} {...newPassword} />
      <PasswordField label={confirmLabel ?? _('Confirm Password')} autoComplete="new-password" {...confirmPassword} />
    </>
  );
}
