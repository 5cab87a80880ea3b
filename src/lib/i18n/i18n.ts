// The language the app speaks (DESIGN.md §15): one Lingui instance, the texts of one language loaded at a time (each
// catalogue is its own chunk, fetched when its language is chosen and precached by the service worker for offline use).
import { i18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGE_KEY } from '@/domain/appearance-script';
import { chooseLocale, DEFAULT_LOCALE, isLocale, type Locale } from '@/domain/locale';

export { i18n };

// English until a catalogue is loaded: the ids are the English texts, so code that runs before (or without, as in the
// unit tests) a catalogue still reads English. Outside a production build a message missing from the catalogues is
// compiled on the fly (its id is its English ICU text); a production build carries no compiler, and the build fails on
// a missing translation instead (lingui.config.ts).
if (import.meta.env.DEV) i18n.setMessagesCompiler(compileMessage);
i18n.load('en', {});
i18n.activate('en');

/** The device's choice, kept in local storage (under LANGUAGE_KEY): the language chosen here last (or the account's, once known). */
export { LANGUAGE_KEY };

/**
 * The catalogues: `player`, every screen a player sees (loaded at start); `staff`, the admin, super admin and catalogue
 * screens' own texts, loaded with those screens' code (`loadStaffTexts`), so a player never downloads them.
 */
export type CataloguePart = 'player' | 'staff';

const catalogues: Record<CataloguePart, Record<Locale, () => Promise<{ messages: Messages }>>> = {
  player: {
    en: () => import('../../../locales/en/player.json?lingui'),
    es: () => import('../../../locales/es/player.json?lingui'),
    'pt-BR': () => import('../../../locales/pt-BR/player.json?lingui'),
  },
  staff: {
    en: () => import('../../../locales/en/staff.json?lingui'),
    es: () => import('../../../locales/es/staff.json?lingui'),
    'pt-BR': () => import('../../../locales/pt-BR/staff.json?lingui'),
  },
};

const loaded = new Map<string, Promise<void>>();
/** The parts the screens shown so far need: a change of language loads each of them in the new language first. */
const inUse = new Set<CataloguePart>(['player']);

/** Fetches one part of a language's texts once (a failed fetch is tried again on the next call). */
function loadPart(locale: Locale, part: CataloguePart): Promise<void> {
  const key = `${part}:${locale}`;
  let pending = loaded.get(key);
  if (!pending) {
    pending = catalogues[part][locale]().then(({ messages }) => i18n.load(locale, messages));
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}

/** Fetches a language's texts once: every part in use (a failed fetch is tried again on the next call). */
export function loadLocale(locale: Locale): Promise<void> {
  return Promise.all([...inUse].map((part) => loadPart(locale, part))).then(() => undefined);
}

/**
 * The staff screens' texts in the language shown (and in any language chosen later): their lazy imports wait for this
 * with their code, so an admin screen never renders before its words. The service worker keeps them on an admin's
 * device with the admin code (vite.config.ts, admin-assets.json).
 */
export function loadStaffTexts(): Promise<void> {
  inUse.add('staff');
  const shown = activeLocale();
  // A language being switched to loads the staff texts too (it read the parts in use before this call).
  const next = latest && latest !== shown ? [loadPart(latest, 'staff')] : [];
  return Promise.all([loadPart(shown, 'staff'), ...next]).then(() => undefined);
}

/** The device's stored choice, or null. */
export function deviceLocale(): Locale | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The language to start in: the device's choice (the account's, once it was known here), else the browser's, else English. */
export function startLocale(): Locale {
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return chooseLocale({ device: deviceLocale(), preferred });
}

/** The language shown now. */
export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

let latest: Locale | null = null;

/**
 * The language shown, in the `lang` cookie: the server sends the screens it drew ahead in it (server/lib/static.ts),
 * so a visitor never sees another language's page before the app takes over.
 */
function rememberForPages(locale: Locale): void {
  try {
    if (new RegExp(`(?:^|;\\s*)lang=${locale}(?:;|$)`).test(document.cookie)) return;
    document.cookie = `lang=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
  } catch {
    // Cookies may be blocked: the server then goes by Accept-Language.
  }
}

/**
 * Shows the app in `locale`: its texts are fetched if need be, then every screen re-renders in it (no reload) and
 * `<html lang>` follows. When two switches overlap, the later one wins.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  latest = locale;
  await loadLocale(locale);
  if (latest !== locale) return;
  if (i18n.locale !== locale) i18n.activate(locale);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    rememberForPages(locale);
  }
}

/** A language chosen on this device (the Language setting) or saved on the account: kept here and shown at once. */
export function chooseLanguage(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, locale);
  } catch {
    // Storage may be full or blocked: the language still changes for this visit.
  }
  return activateLocale(locale);
}

/** The account's saved language, read with its contact: it wins over the device's (DESIGN.md §15). */
export function applyAccountLanguage(language: string | null | undefined): void {
  if (!isLocale(language) || (language === deviceLocale() && language === i18n.locale)) return;
  void chooseLanguage(language);
}
