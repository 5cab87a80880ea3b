// The API's words in the reader's language (DESIGN.md §15). The services keep throwing their English messages; the
// error handler, at the edge, finds each one in the English server catalogue (locales/server/en.json) — word for word,
// or as one of its templates with `{placeholders}` — and answers the same message from the reader's catalogue. A
// message the catalogue does not know yet is answered in English.
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Request } from 'express';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { acceptLanguageTags, isLocale, LOCALES, matchLocale, type Locale } from '../../../src/domain/locale';

const CATALOGUE_DIR = path.resolve(import.meta.dirname, '../../../locales/server');

type Catalogue = Record<string, string>;

/** A language's server catalogue: `id: ICU MessageFormat`. */
export function serverCatalogue(locale: Locale): Catalogue {
  return JSON.parse(readFileSync(path.join(CATALOGUE_DIR, `${locale}.json`), 'utf8')) as Catalogue;
}

let i18n: I18n | null = null;
/** English message → id, for the messages without placeholders. */
let exact: Map<string, string> | null = null;
/** The English templates with placeholders, as patterns that give back the placeholders' values. */
let templates: { id: string; pattern: RegExp; names: string[] }[] = [];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function load() {
  if (i18n) return i18n;
  const made = setupI18n();
  made.setMessagesCompiler(compileMessage);
  for (const locale of LOCALES) made.load(locale, serverCatalogue(locale));
  exact = new Map();
  templates = [];
  for (const [id, message] of Object.entries(serverCatalogue('en'))) {
    const names = [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    // ICU escapes a quote by doubling it; the English a service throws has it once.
    const plain = message.replace(/''/g, "'");
    if (names.length === 0) {
      exact.set(plain, id);
      continue;
    }
    const pattern = plain
      .split(/\{\w+\}/)
      .map(escapeRegExp)
      .join('(.+?)');
    templates.push({ id, pattern: new RegExp(`^${pattern}$`, 's'), names });
  }
  return (i18n = made);
}

/** `message` (an English text the server answers) in `locale`; itself when the catalogue does not know it. */
export function translate(message: string, locale: Locale): string {
  if (locale === 'en' || !message) return message;
  load();
  const id = exact!.get(message);
  if (id) return translateId(id, locale);
  for (const template of templates) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(template.names.map((name, index) => [name, match[index + 1]]));
    return translateId(template.id, locale, values);
  }
  return message;
}

/** The message `id` of the server catalogue in `locale`, with its values. */
export function translateId(id: string, locale: Locale, values?: Record<string, unknown>): string {
  const catalogues = load();
  catalogues.activate(locale);
  return catalogues._(id, values);
}

/** Whom the server answers: the session user's saved language, else the best of Accept-Language, else English. */
export function localeOf(req: Pick<Request, 'headers'> & { user?: { language?: string | null } }): Locale {
  const saved = req.user?.language;
  if (isLocale(saved)) return saved;
  const header = req.headers['accept-language'];
  return matchLocale(acceptLanguageTags(Array.isArray(header) ? header.join(',') : header)) ?? 'en';
}

/** What the server tells one person outside an answer (a push, an email): the language and the zone times are written in. */
export interface Reader {
  locale: Locale;
  /** The store's time zone: a person's own zone is not known to the server, so a time names the store's. */
  timeZone: string;
}

/** The server catalogue's messages in one language, asked for by their English words: `_('Order completed')`. */
export type Say = (id: string, values?: Record<string, unknown>) => string;

/** `_` for `locale`: the messages of locales/server whose ids are their English text (pushes and emails, issue 50). */
export function messagesIn(locale: Locale): Say {
  return (id, values) => translateId(id, locale, values);
}
