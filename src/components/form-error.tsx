import { useLingui } from '@/lib/i18n/react';
import { Banner } from './banner';

/** A form's error (a message id, shown in the language shown), or nothing. */
export function FormError({ error }: { error: string | null }) {
  const { _ } = useLingui();
  return error ? <Banner tone="error">{_(error)}</Banner> : null;
}
