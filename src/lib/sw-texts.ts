// The service worker's own words (issue 50): it has no catalogue of its own (it stays small and is fetched again on
// every update check), so the app writes them, in the language shown, where the worker reads them (IndexedDB's kv),
// each time a language is activated. A worker that finds none (the app never ran since this version) speaks English.

/** Every text the service worker may show by itself, by the name it asks for; the English words are the ids. */
export const SW_TEXTS = {
  fallback: 'You have an update. Open the app to see it.',
  accept: 'Accept',
  decline: 'Decline',
  accepted: 'New time accepted',
  declined: 'New time declined',
  notSent: 'Your answer was not sent',
  acceptedBody: 'The new time is now the promised one.',
  declinedBody: 'The time already promised stands.',
  offline: 'No connection. Open the app to answer.',
  openToAnswer: 'Open the app to answer.',
  adminFailed: 'A queued admin action failed',
  adminFailedMany: 'Queued admin actions failed',
  adminRefusedMany: '{count} queued admin actions were refused. Open Waiting to send to retry or discard them.',
} as const;

export type SwTextName = keyof typeof SW_TEXTS;

/** The texts in one language, as the app stored them for the worker. */
export interface SwTexts {
  lang: string;
  texts: Partial<Record<SwTextName, string>>;
}

/** Where the app keeps them for the worker (IndexedDB's kv store, src/lib/db.ts). */
export const SW_TEXTS_KEY = 'sw-texts';

/** A text in the stored language (English when none is stored or it lacks this one), `{count}` filled in. */
export function swText(stored: SwTexts | undefined, name: SwTextName, values: { count?: number } = {}): string {
  const text = stored?.texts[name] ?? SW_TEXTS[name];
  return values.count === undefined ? text : text.replace('{count}', String(values.count));
}
