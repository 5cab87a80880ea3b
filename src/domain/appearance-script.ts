/** Where the device's language choice is stored (localStorage), read by src/lib/i18n/i18n.ts and the script below. */
export const LANGUAGE_KEY = 'language';

/** The boot splash's words (index.html), in every language's catalogue: shown until the app's first screen. */
export const BOOT_TEXT = 'Loading the market…';

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
  "');if(a==='light'||a==='dark')document.documentElement.setAttribute('data-theme',a)}catch(e){}" +
  // The language the app will start in, as <html data-lang> (src/lib/i18n/i18n.ts, startLocale: the device's choice,
  // else the first of the browser's languages the app speaks): the boot splash shows its words in it (vite.config.ts).
  "try{var l=localStorage.getItem('" +
  LANGUAGE_KEY +
  "');if(l!=='en'&&l!=='es'&&l!=='pt-BR'){l='en';var n=navigator.languages||[navigator.language];" +
  'for(var i=0;i<n.length;i++){var t=String(n[i]).toLowerCase();if(/^en\\b/.test(t))break;' +
  "if(/^es\\b/.test(t)){l='es';break}if(/^pt\\b/.test(t)){l='pt-BR';break}}}" +
  "document.documentElement.setAttribute('data-lang',l)}catch(e){}";
