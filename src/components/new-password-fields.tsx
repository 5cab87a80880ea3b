import type { ChangeEvent } from 'react';
import { useLingui } from '@/lib/i18n/react';
import { PasswordField } from './form-field';

/** What binds an input to a form's field (`useZodForm`'s `field(name)`). */
interface FieldBinding {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

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
