import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { AppRoot } from '../app/app-root';
import { createAppRouter } from '../app/router';
import { createQueryClient } from '../lib/query-client';
import { activateLocale } from '../lib/i18n/i18n';
import type { Locale } from '../domain/locale';

export { LOCALES } from '../domain/locale';

/**
 * Node has no localStorage; the route guards read the signed-in user from it. A screen drawn for a signed-in visitor
 * (the shop) is drawn as for any player: the guard sees someone, the screen itself shows nobody's data.
 */
function storageFor(signedIn: boolean): Storage {
  const values = new Map<string, string>(signedIn ? [['currentUser', 'player']] : []);
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
}

/** The markup and styles of a screen, rendered at build time so it paints before any JavaScript runs. */
export async function render(
  url: string,
  options: { signedIn?: boolean; locale?: Locale } = {},
): Promise<{ html: string; styles: string }> {
  (globalThis as { localStorage?: Storage }).localStorage = storageFor(options.signedIn ?? false);
  // Each screen is drawn in every language; the server sends the visitor's (server/lib/static.ts), and the app hydrates
  // it once that language's texts are loaded (src/main.tsx).
  await activateLocale(options.locale ?? 'en');
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(<AppRoot queryClient={queryClient} router={router} />));
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
    // The queries' garbage-collection timers (five minutes) would otherwise keep the build's render process alive.
    queryClient.clear();
  }
}

export { prerenderedPage } from '../../scripts/prerender-html';
