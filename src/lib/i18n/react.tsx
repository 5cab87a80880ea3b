// The screens' hook and component for texts (DESIGN.md §15): Lingui's, reading the app's one i18n instance directly,
// so a component renders its texts with or without a provider around it (component tests render parts alone), and
// re-renders when the language changes (no reload).
import type { MessageDescriptor } from '@lingui/core';
import { TransNoContext, type TransProps } from '@lingui/react/server';
import { useSyncExternalStore } from 'react';
import { i18n } from './i18n';

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const locale = () => i18n.locale;

type Translate = (id: string | MessageDescriptor, values?: Record<string, unknown>) => string;

/** The language shown, and `_`: a message's text in it (an id the catalogues lack is shown as it is). */
export function useLingui(): { i18n: typeof i18n; _: Translate } {
  useSyncExternalStore(subscribe, locale, locale);
  return { i18n, _: (id, values) => i18n._(id as string, values) };
}

/** A message with components inside (`<0>…</0>`), in the language shown. */
export function Trans(props: Omit<TransProps, 'lingui'>) {
  useLingui();
  return <TransNoContext {...(props as TransProps)} lingui={{ i18n }} />;
}
