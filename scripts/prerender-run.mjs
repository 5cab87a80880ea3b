// Renders the signed-out screens with the Node build of src/prerender/render.tsx and writes dist/prerender/*.html.
// Run by the prerender plugin in vite.config.ts in a process of its own: inside the build's process the router did not wait
// for the screens' lazily loaded code, and a fresh process also leaves no module cache behind.
// Usage: node scripts/prerender-run.mjs <render.js> <outDir> <screens JSON>
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [renderFile, outDir, screensJson] = process.argv.slice(2);
const { render, prerenderedPage, LOCALES } = await import(pathToFileURL(renderFile).href);
const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
// Each screen in every language: English's at dist/prerender/<file>, the others' at dist/prerender/<language>/<file>.
for (const locale of LOCALES) {
  const dir = locale === 'en' ? path.join(outDir, 'prerender') : path.join(outDir, 'prerender', locale);
  mkdirSync(dir, { recursive: true });
  for (const screen of JSON.parse(screensJson)) {
    const rendered = await render(screen.path, { signedIn: screen.signedIn ?? false, locale });
    // Every screen is a <main>; without one, the router drew a loading fallback (its code was not waited for).
    if (!rendered.html.includes('<main')) throw new Error(`${screen.path} rendered its loading fallback, not the screen`);
    writeFileSync(
      path.join(dir, screen.file),
      prerenderedPage(shell, { path: screen.path, ...rendered }, { afterPaint: !screen.signedIn, lang: locale }),
    );
  }
}
// Every page is written. Leave now rather than when the event loop empties: a query a screen's loader started can
// land after the render's cleanup and hold a five-minute garbage-collection timer, which held the build up for that long.
process.exit(0);
