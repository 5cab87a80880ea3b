// A message with components inside (`<0>…</0>`), in the language shown. Its own module: the screens of the first
// download need only `useLingui` (src/lib/i18n/react.tsx), so Lingui's Trans comes with the screens that use it.
import { TransNoContext, type TransProps } from '@lingui/react/server';
import { i18n } from './i18n';
import { useLingui } from './react';

export function Trans(props: Omit<TransProps, 'lingui'>) {
  useLingui();
  return <TransNoContext {...(props as TransProps)} lingui={{ i18n }} />;
}
