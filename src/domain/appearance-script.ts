/** Where the player's Light/Dark choice is stored (localStorage), read by src/lib/appearance.ts and the script below. */
export const APPEARANCE_KEY = 'appearance';

/**
 * Inline in index.html's <head> (and so in every page built from it), run before the first paint: the stored choice
 * onto <html data-theme>, so a player who chose Light against a dark system (or Dark against a light one) never sees a
 * frame in the other appearance before the app's code runs (issue 30). The text is fixed: the Content-Security-Policy
 * allows exactly it by its hash (server/lib/inline-scripts.ts).
 */
export const APPEARANCE_SCRIPT =
  "try{var a=localStorage.getItem('" +
  APPEARANCE_KEY +
  "');if(a==='light'||a==='dark')document.documentElement.setAttribute('data-theme',a)}catch(e){}";
