import { useLingui } from '@/lib/i18n/react';
import { Banner } from '@/components/banner';
import { Field, type FieldProps } from '@/components/form-field';

/** The username input of the signed-out forms: 'Username', no capitals or spelling marks; `autoComplete` 'username' unless given. */
export function UsernameField(props: Omit<FieldProps, 'label'>) {
  const { _ } = useLingui();
  return <Field label={_('Username')} autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />;
}

/** A form's error (a message id, shown in the language shown), or nothing. */
export function FormError({ error }: { error: string | null }) {
  const { _ } = useLingui();
  return error ? <Banner tone="error">{_(error)}</Banner> : null;
}
