import { useLingui } from '@/lib/i18n/react';
import { Field, type FieldProps } from '@/components/form-field';

/** The username input of the signed-out forms: 'Username', no capitals or spelling marks; `autoComplete` 'username' unless given. */
export function UsernameField(props: Omit<FieldProps, 'label'>) {
  const { _ } = useLingui();
  return <Field label={_('Username')} autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />;
}
