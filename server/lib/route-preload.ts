import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { withAfterPaintPreloads } from './after-paint';

/**
 * Each client route's lazily loaded screen (the `import()` in src/routes/*.tsx), by the source path Vite's manifest
 * is keyed by. The app shell sent for a route names that screen's chunks as `<link rel="modulepreload">`, so the
 * browser fetches them alongside the entry instead of after it has run (without it '/buy' cold was 2.3 s of a 2.5 s
 * budget on slow 4G). Admin screens are left out: customers never get admin code, not even as a hint.
 */
export const ROUTE_SCREENS: Record<string, string> = {
  '/buy': 'src/routes/buy-screen.tsx',
  '/sell': 'src/routes/sell-screen.tsx',
  '/login': 'src/routes/login-screen.tsx',
  '/signup': 'src/features/auth/components/signup-page.tsx',
  '/my-activity': 'src/routes/account-screen.tsx',
  '/change-password': 'src/features/auth/components/change-password-page.tsx',
  '/forgot-password': 'src/features/auth/components/forgot-password-page.tsx',
  '/reset-password': 'src/features/auth/components/reset-password-page.tsx',
  '/verify-email': 'src/features/auth/components/verify-email-page.tsx',
  '/inbox': 'src/features/inbox/components/inbox-page.tsx',
};
/** Admin screens whose route is not under /admin: like those, never named to anyone (issue 49's catalogue screen). */
export const ADMIN_SCREEN_ROUTES: readonly string[] = ['/catalogue'];
/**
 * The screens the build draws ahead (dist/prerender/*.html, written by the prerender plugin in vite.config.ts), by
 * whether the visitor has a session: they paint before the JavaScript arrives, and the app then renders over them.
 */
export const PRERENDERED: { signedOut: Record<string, string>; signedIn: Record<string, string> } = {
  signedOut: { '/': 'index.html', '/login': 'login.html', '/signup': 'signup.html' },
  signedIn: { '/buy': 'buy.html' },
};
/** '/' shows the landing (in the entry) when signed out, and this screen when signed in. */
export const SIGNED_IN_HOME_SCREEN = 'src/routes/home-screen.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The chunks (files under the build root) a screen needs beyond what the entry already loads, in load order. */
export function chunksOf(manifest: Manifest, screen: string): string[] {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const loaded = new Set<string>();
  const visitLoaded = (key: string) => {
    if (loaded.has(key) || !manifest[key]) return;
    loaded.add(key);
    for (const child of manifest[key].imports ?? []) visitLoaded(child);
  };
  entryKeys.forEach(visitLoaded);
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || loaded.has(key) || !manifest[key]) return;
    seen.add(key);
    files.push(manifest[key].file);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  visit(screen);
  return files;
}

/**
 * Adds a modulepreload link per chunk just before </head>. `later`: the page is already drawn, so its code is asked
 * for after its first paint, with the entry (the after-paint script's `data-preload`, server/lib/after-paint.ts);
 * a drawn page without that script gets the links at low priority. What paints first is not held up by code the
 * screen does not need to show.
 */
export function withPreloads(html: string, files: string[], { later = false } = {}): string {
  if (files.length === 0) return html;
  const urls = files.map((file) => `/${file}`);
  const afterPaint = later ? withAfterPaintPreloads(html, urls) : null;
  if (afterPaint !== null) return afterPaint;
  const priority = later ? ' fetchpriority="low"' : '';
  const links = urls.map((url) => `<link rel="modulepreload"${priority} crossorigin href="${url}">`).join('');
  return html.includes('</head>') ? html.replace('</head>', `${links}</head>`) : html;
}

/**
 * The app shell for a path: index.html with the route's screen preloaded. Reads the build again only when index.html
 * changes (a rebuild in place); without a Vite manifest (a stand-in build) every path gets index.html as it is.
 */
export function createShell(root: string): (pathname: string, signedIn: boolean, locale?: string) => string | null {
  const indexFile = path.join(root, 'index.html');
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  let cache: {
    builtAt: number;
    html: string;
    byScreen: Map<string, string>;
    prerendered: Map<string, string | null>;
    manifest: Manifest | null;
  } | null = null;
  const load = () => {
    const builtAt = statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs;
    if (builtAt === undefined) return null;
    if (cache?.builtAt === builtAt) return cache;
    let manifest: Manifest | null = null;
    try {
      manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : null;
    } catch {
      manifest = null; // a half-written manifest: no preloads until the next read
    }
    cache = { builtAt, html: readFileSync(indexFile, 'utf8'), byScreen: new Map(), prerendered: new Map(), manifest };
    return cache;
  };
  const prerenderedPage = (built: NonNullable<typeof cache>, file: string): string | null => {
    if (!built.prerendered.has(file)) {
      const full = path.join(root, 'prerender', file);
      built.prerendered.set(file, existsSync(full) ? readFileSync(full, 'utf8') : null);
    }
    return built.prerendered.get(file) ?? null;
  };
  return (pathname, signedIn, locale = 'en') => {
    const built = load();
    if (!built) return null;
    const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const screen = route === '/' ? (signedIn ? SIGNED_IN_HOME_SCREEN : undefined) : ROUTE_SCREENS[route];
    // The screen already drawn for this kind of visitor, in their language (English's at the top of prerender/, the
    // others' in a folder per language), when the build made one.
    const drawn = (signedIn ? PRERENDERED.signedIn : PRERENDERED.signedOut)[route];
    const file = drawn && (locale === 'en' ? drawn : `${locale}/${drawn}`);
    const page = file ? prerenderedPage(built, file) : null;
    const base = page ?? built.html;
    if (!screen || !built.manifest) return base;
    const key = `${page ? `prerendered:${locale}:` : ''}${screen}`;
    let html = built.byScreen.get(key);
    if (html === undefined) {
      html = withPreloads(base, chunksOf(built.manifest, screen), { later: page !== null });
      built.byScreen.set(key, html);
    }
    return html;
  };
}
