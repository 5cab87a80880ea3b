import { createHash } from 'node:crypto';

/**
 * The one inline script of a page the build drew ahead (scripts/prerender-html.ts): it asks for the app's code once
 * the drawn screen has been painted, not while the page is still being parsed. The screen needs no JavaScript to show,
 * and on a slow link every byte of code fetched before the first paint competes with what the paint needs (Lighthouse's
 * simulation counted the entry's download in the first paint and the largest one). The entry's URL and the chunks to
 * preload with it are the script element's `data-entry` and `data-preload` (space-separated); the server adds a
 * route's chunks to `data-preload` (route-preload.ts).
 *
 * It runs once the browser reports the first contentful paint (a `paint` PerformanceObserver; the task after a
 * requestAnimationFrame came before the paint was shown: 119 against 160 ms, measured), or after a second at the
 * latest (a tab opened in the background paints nothing; a browser without paint timing). Once the service worker is in
 * control these pages are not used (it answers every navigation with the app shell), so this is the first visit's path.
 * The text is fixed, so the Content-Security-Policy allows exactly it by its hash (`AFTER_PAINT_HASH`) and still
 * refuses every other inline script.
 */
export const AFTER_PAINT_SCRIPT =
  '(function(){var s=document.currentScript,done=false;function load(){if(done)return;done=true;' +
  "(s.getAttribute('data-preload')||'').split(' ').forEach(function(u){if(!u)return;" +
  "var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;document.head.appendChild(l)});" +
  "var e=document.createElement('script');e.type='module';e.crossOrigin='';e.src=s.getAttribute('data-entry');" +
  'document.head.appendChild(e)}' +
  'setTimeout(load,1000);' +
  "try{new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){" +
  "observer.disconnect();setTimeout(load,0)}}).observe({type:'paint',buffered:true})}" +
  'catch(e){requestAnimationFrame(function(){setTimeout(load,0)})}})()';

/** The CSP source that allows the script above and nothing else inline. */
export const AFTER_PAINT_HASH = `'sha256-${createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64')}'`;

/** The script element: loads `entry` (and preloads `preload`) after the first paint. */
export const afterPaintScript = (entry: string, preload: string[]) =>
  `<script data-entry="${entry}" data-preload="${preload.join(' ')}">${AFTER_PAINT_SCRIPT}</script>`;

/**
 * `html` with `urls` added to its after-paint loader's preloads; null when the page has no such loader. The one place
 * besides `afterPaintScript` that knows how the element is written.
 */
export function withAfterPaintPreloads(html: string, urls: string[]): string | null {
  const added = html.replace(
    /(<script data-entry="[^"]*" data-preload=")([^"]*)"/,
    (_tag, start: string, list: string) => `${start}${[list, ...urls].filter(Boolean).join(' ')}"`,
  );
  return added === html ? null : added;
}
