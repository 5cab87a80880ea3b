import { afterPaintScript } from '../server/lib/after-paint';

/**
 * The page a signed-out screen is served as before any JavaScript runs: the app shell (dist/index.html) with the
 * screen's markup in #root and its styles in <head>. The app hydrates this markup (src/main.tsx), so it stays exactly
 * what React rendered, except that what needs JavaScript is inert until the app has taken over: every <button> and
 * <select> is disabled and marked `data-inert` (a disabled default button also stops Enter from submitting a form
 * natively; the app enables exactly the marked ones), while links work as plain links. Inline scripts are dropped
 * (the CSP refuses them; the router's scroll script removes itself anyway), and the resource hints React puts ahead
 * of the markup go into <head>. The style tags stay as styled-components wrote them, so the app's styled-components
 * adopts them: it knows those rules are in place and skips compiling them again while it hydrates.
 *
 * The app's code (the shell's module script and its modulepreloads) is fetched at low priority: the screen is drawn
 * already, so nothing about its first paint waits for it. With `afterPaint` it is not even asked for until the screen
 * has been painted, by the one inline script the CSP allows (server/lib/after-paint.ts), so it cannot compete with
 * the paint at all. The signed-out screens do that (a visitor reads them first, and their code is small: the app took
 * over '/' 60–150 ms later in three runs of `npm run bench page-load`); the signed-in shop does not (a player taps it
 * at once, and its code is larger: the app took over 380–500 ms later when it waited for the paint).
 */
export function prerenderedPage(
  shell: string,
  screen: { path: string; html: string; styles: string },
  { afterPaint = false, lang = 'en' }: { afterPaint?: boolean; lang?: string } = {},
): string {
  const hints: string[] = [];
  const markup = screen.html
    .replace(/^(?:<link\b[^>]*\/?>)+/, (links) => (hints.push(links), ''))
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<(button|select)\b(?![^>]*\sdisabled)/g, '<$1 disabled="" data-inert=""');
  // The shell's #root holds only the boot splash: <div id="root"><div class="boot">…</div></div>.
  const root = /<div id="root">\s*<div class="boot"[\s\S]*?<\/div>\s*<\/div>/;
  if (!root.test(shell)) throw new Error('index.html has no <div id="root"> splash to replace');
  const page = (withCode: string) =>
    withCode
      .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
      .replace('</head>', `${hints.join('')}${screen.styles}</head>`)
      .replace(root, `<div id="root" data-prerendered="${screen.path}">${markup}</div>`);
  if (!afterPaint) return page(shell.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"'));
  let entry = '';
  const preload: string[] = [];
  const withoutCode = shell
    .replace(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/, (_tag, src: string) => ((entry = src), ''))
    .replace(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g, (_tag, href: string) => (preload.push(href), ''));
  if (!entry) throw new Error('index.html has no module script to load after the first paint');
  return page(withoutCode).replace('</body>', `${afterPaintScript(entry, preload)}</body>`);
}
