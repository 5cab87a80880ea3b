// The screens' hook for texts (Trans is src/lib/i18n/trans.tsx) (DESIGN.md §15): Lingui's, reading the app's one i18n instance directly,
// so a component renders its texts with or without a provider around it (component tests render parts alone), and
// re-renders when the language changes (no reload).
import type { MessageDescriptor } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { i18n } from './i18n';

// Every change — a language activated, or texts loaded for it — is a new version the screens re-render for.
let version = 0;
i18n.on('change', () => void version++);
const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const snapshot = () => version;

type Translate = (id: string | MessageDescriptor, values?: Record<string, unknown>) => string;

/** The language shown, and `_`: a message's text in it (an id the catalogues lack is shown as it is). */
export function useLingui(): { i18n: typeof i18n; _: Translate } {
  useSyncExternalStore(subscribe, snapshot, snapshot);
  return { i18n, _: (id, values) => i18n._(id as string, values) };
}
