import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Each catalogue's English messages that read differently in `locale` (plain texts only: no arguments, no tags). */
function englishOnly(locale: string): Set<string> {
  const read = (language: string, part: string): Record<string, string> => {
    try {
      return JSON.parse(readFileSync(path.resolve(`locales/${language}/${part}.json`), 'utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  };
  const texts = new Set<string>();
  for (const part of ['player', 'staff']) {
    const translated = read(locale, part);
    for (const [id, english] of Object.entries(read('en', part))) {
      if (/[{<]/.test(english) || translated[id] === english) continue;
      // A word or two could also be the other language's (a name, "Email"): only texts of three words or more.
      if (english.trim().split(/\s+/).length >= 3) texts.add(english.trim());
    }
  }
  return texts;
}

/**
 * The lines of the page's visible text that are an English message of the catalogues whose `locale` translation
 * reads differently: a text the screen still shows in English (issue 50). Empty when the screen speaks the language.
 */
export async function untranslatedLines(page: Page, locale: string): Promise<string[]> {
  const english = englishOnly(locale);
  const lines = (await page.locator('body').innerText()).split('\n').map((line) => line.trim());
  return [...new Set(lines.filter((line) => english.has(line)))];
}
