// The languages the app and the API speak (DESIGN.md §15), and how one is picked from a list a browser or a request
// names. Shared by the client (the language chosen at start) and the server (Accept-Language).

export const LOCALES = ['en', 'es', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language by its own name: a person looks for the language they read, written as they read it. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', 'pt-BR': 'Português (Brasil)' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The best of our languages for a list of language tags in order of preference (`navigator.languages`, or
 * Accept-Language's tags by their q): the first tag that names one exactly, or by its language alone ('pt-PT' and
 * 'pt' read Brazilian Portuguese, 'es-MX' Spanish), wins. Null when none does.
 */
export function matchLocale(tags: readonly string[]): Locale | null {
  for (const tag of tags) {
    const wanted = tag.trim().toLowerCase();
    if (!wanted) continue;
    const exact = LOCALES.find((locale) => locale.toLowerCase() === wanted);
    if (exact) return exact;
    const language = wanted.split('-')[0];
    const byLanguage = LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === language);
    if (byLanguage) return byLanguage;
  }
  return null;
}

/** The tags of an Accept-Language header, most wanted first ('*' and tags with q=0 left out). */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter(({ tag, q }) => tag && tag !== '*' && Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/** The language to speak: the account's saved one, else the device's, else the best match of the browser's, else English. */
export function chooseLocale(choice: { account?: string | null; device?: string | null; preferred?: readonly string[] }): Locale {
  if (isLocale(choice.account)) return choice.account;
  if (isLocale(choice.device)) return choice.device;
  return matchLocale(choice.preferred ?? []) ?? DEFAULT_LOCALE;
}
