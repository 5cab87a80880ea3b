// Light or dark (issue 30 item 14): the system's choice unless the player picked one in Account. The choice lives in
// localStorage and is written onto <html data-theme>, which the global stylesheet's colour variables follow. index.html
// writes it before the first paint (src/domain/appearance-script.ts); the app writes it again with the bar colour.

import { APPEARANCE_KEY as KEY } from '../domain/appearance-script';

export type AppearanceChoice = 'system' | 'light' | 'dark';
/** The browser bar's colour per appearance (the pages' background). */
const BAR_COLOR = { dark: '#101322', light: '#eef0f7' } as const;

/** The stored choice; 'system' when none (or storage is unavailable). */
export function getAppearance(): AppearanceChoice {
  try {
    const stored = localStorage.getItem(KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Writes the choice onto the page: <html data-theme> and the browser bar's colour. */
export function applyAppearance(choice: AppearanceChoice = getAppearance()): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  // index.html has one bar colour per system appearance; a chosen appearance sets both.
  const metas = document.querySelectorAll('meta[name="theme-color"]');
  metas.forEach((meta) => {
    const system = meta.getAttribute('media')?.includes('light') ? 'light' : 'dark';
    meta.setAttribute('content', BAR_COLOR[choice === 'system' ? system : choice]);
  });
}

/** Stores and applies the player's choice. */
export function setAppearance(choice: AppearanceChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch {
    // Private mode without storage: the choice holds until the page closes.
  }
  applyAppearance(choice);
}
