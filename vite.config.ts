import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, defineConfig, type Plugin, type PluginOption, type ResolvedConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { globalCss } from './src/app/global-style.ts';
import { APPEARANCE_SCRIPT, BOOT_TEXT } from './src/domain/appearance-script.ts';
import { theme } from './src/components/theme.ts';

/** Where "@/" points. */
const SRC_DIR = path.resolve(import.meta.dirname, 'src');

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/** Emits the top-level manifest.webmanifest into the build so the app, the SW precache and the HTML link share one file. */
function webManifest(): Plugin {
  return {
    name: 'blockspin-web-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync('manifest.webmanifest', 'utf8') });
    },
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(readFileSync('manifest.webmanifest', 'utf8'));
      });
    },
  };
}

/**
 * Emits admin-assets.json: the chunks only the admin and super-admin screens load. They stay out of the precache (a
 * player never downloads admin code); the service worker of a device where an admin signed in reads this list and
 * caches them, at once and at every update's install, so Admin Control opens at a drop with no signal.
 */
const adminOnlyFiles = new Set<string>();
/** The staff screens' code and their texts (locales/<language>/staff.json). */
const STAFF_CODE = /features\/(admin|super-admin|catalogue)\/|routes\/admin-screen|locales\/[^/]+\/staff\.json/;

function adminAssets(): Plugin {
  return {
    name: 'blockspin-admin-assets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const entryClosure = new Set<string>();
      const visit = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        const chunk = chunks.find((c) => c.fileName === fileName);
        chunk?.imports.forEach((imported) => visit(imported, into));
      };
      chunks.filter((c) => c.isEntry).forEach((c) => visit(c.fileName, entryClosure));
      const admin = new Set<string>();
      const player = new Set<string>(entryClosure);
      for (const chunk of chunks) {
        if (!chunk.isDynamicEntry) continue;
        visit(chunk.fileName, STAFF_CODE.test(chunk.facadeModuleId ?? '') ? admin : player);
      }
      const files = [...admin].filter((file) => !entryClosure.has(file)).map((file) => `/${file}`);
      // Chunks shared with a player screen stay precached (the sell screen needs them offline); the rest are admin's.
      adminOnlyFiles.clear();
      for (const file of admin) if (!player.has(file)) adminOnlyFiles.add(`/${file}`);
      this.emitFile({ type: 'asset', fileName: 'admin-assets.json', source: JSON.stringify({ files }) });
    },
  };
}

/**
 * The global styles as a static stylesheet in index.html's <head> (and so in every prerendered screen built from it):
 * the browser applies them before any JavaScript runs, and the app never compiles them (src/app/global-style.ts).
 */
function globalStylesheet(): Plugin {
  const css = globalCss(theme)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{}:;,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
  return {
    name: 'blockspin-global-stylesheet',
    // The player's Light/Dark choice goes onto <html> before the first paint (issue 30): no frame in the other appearance.
    // The boot splash's words in every language, the one the app starts in shown (<html data-lang>, set by that script).
    transformIndexHtml: (html) =>
      html
        .replace('</title>', `</title>\n    <script>${APPEARANCE_SCRIPT}</script>\n    <style id="global-style">${css}</style>`)
        .replace(`<p>${BOOT_TEXT}</p>`, bootTexts()),
  };
}

/** The boot splash's paragraph: its words from each language's catalogue, shown by <html data-lang> (index.html's style). */
function bootTexts(): string {
  const spans = ['en', 'es', 'pt-BR'].map((locale) => {
    const catalogue = JSON.parse(readFileSync(`locales/${locale}/player.json`, 'utf8')) as Record<string, string>;
    const text = catalogue[BOOT_TEXT];
    if (!text) throw new Error(`locales/${locale}/player.json has no '${BOOT_TEXT}'`);
    return `<span lang="${locale}">${text}</span>`;
  });
  return `<p class="boot-text">${spans.join('')}</p>`;
}

/** Set while the build renders the signed-out screens, so that build skips the client-only plugins. */
const PRERENDER_BUILD_ENV = 'BLOCKSPIN_PRERENDER_BUILD';

/** The screens a signed-out visitor can land on, written to dist/prerender/{name}.html. */
const PRERENDERED_SCREENS = [
  { path: '/', file: 'index.html' },
  { path: '/login', file: 'login.html' },
  { path: '/signup', file: 'signup.html' },
  // The shop's first view is the same for every player (the cart count follows from this device's storage).
  { path: '/buy', file: 'buy.html', signedIn: true },
] as const;

/**
 * After the client build: builds src/prerender/render.tsx for Node, renders each signed-out screen with the app's
 * own components, router and styles, and writes the pages the server sends a visitor without a session (they paint
 * before the JavaScript has arrived; the app then renders over them).
 */
function prerenderSignedOutScreens(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'blockspin-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        if (config.build.ssr || process.env[PRERENDER_BUILD_ENV]) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        const ssrDir = path.resolve(config.root, 'node_modules/.cache/blockspin-prerender');
        process.env[PRERENDER_BUILD_ENV] = '1';
        try {
          await build({
            configFile: config.configFile,
            logLevel: 'warn',
            build: { ssr: 'src/prerender/render.tsx', outDir: ssrDir, emptyOutDir: true, manifest: false, copyPublicDir: false },
          });
        } finally {
          delete process.env[PRERENDER_BUILD_ENV];
        }
        execFileSync(
          process.execPath,
          [
            path.join(config.root, 'scripts/prerender-run.mjs'),
            path.join(ssrDir, 'render.js'),
            outDir,
            JSON.stringify(PRERENDERED_SCREENS),
          ],
          // React's server build in the same mode as the browser's (Vite sets NODE_ENV for the build), so the markup matches.
          { stdio: 'inherit', env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' } },
        );
        rmSync(ssrDir, { recursive: true, force: true });
      },
    },
  };
}

/** The Node build of the signed-out screens needs only React. */
const prerenderBuild = Boolean(process.env[PRERENDER_BUILD_ENV]);

/** Everything the browser build adds: the manifest, the admin chunk list, the service worker, the prerendered screens. */
function clientPlugins(): PluginOption[] {
  return [
    webManifest(),
    adminAssets(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The worker is registered as a classic script: build it as one IIFE. The plugin's default 'es' build asks
        // Rolldown for a single file through the deprecated `inlineDynamicImports` output option (a warning on every
        // build); the IIFE build is a single file by nature and sets no such option.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,jpg,webp,woff2,webmanifest}'],
        // The install-sheet screenshots are fetched by the browser's install UI only.
        globIgnores: ['**/icons/screenshot-*.png', 'prerender/**'],
        // Every chunk only the admin screens load (admin-assets.json, shared chunks included) stays out of the
        // precache, so customers never download it; an admin's device caches them at run time (src/sw.ts).
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.filter((entry) => !adminOnlyFiles.has(`/${entry.url.replace(/^\//, '')}`)),
            warnings: [],
          }),
        ],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    prerenderSignedOutScreens(),
  ];
}

export default defineConfig({
  // lingui(): each language's catalogue compiled when imported; a message missing from one fails the build.
  plugins: [
    react(),
    lingui({ failOnMissing: true, failOnCompileError: true }),
    globalStylesheet(),
    ...(prerenderBuild ? [] : clientPlugins()),
  ],
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget.replace('http', 'ws'), ws: true },
    },
  },
  // "@/…" is src/… (tsconfig.base.json's paths; vitest.config.ts and eslint.config.js read the same).
  resolve: { alias: { '@': SRC_DIR } },
  // A lazy chunk's file is its hash alone: the first screen lists every lazy chunk's file to preload it, so a name in
  // each would be paid ~200 times there (the source's file names are in the manifest for whoever needs them).
  build: { manifest: true, sourcemap: false, target: 'es2022', rollupOptions: { output: { chunkFileNames: 'assets/[hash].js' } } },
  // Every styled component gets an id from its file and place instead of from the order modules happen to run in, so the
  // build-time render of a screen and the browser name its classes alike and the browser can hydrate that markup. The
  // CSS in the bundle is minified on the way.
  oxc: { plugins: { styledComponents: { ssr: true, displayName: false, fileName: false, minify: true, pure: true } } },
  // The build-time render of the signed-out screens (prerenderSignedOutScreens above) runs in Node: bundle styled-components,
  // whose CommonJS build Node's ESM loader cannot read as `styled.button`.
  ssr: { noExternal: ['styled-components'] },
});
