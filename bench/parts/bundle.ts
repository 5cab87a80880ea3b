// Part 4: what each visitor downloads, from the Vite manifest, in gzip bytes; baseline: react + react-dom alone.
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../lib/processes';
import type { BenchRow } from '../lib/results';
import { ROUTE_SCREENS } from '../../server/lib/route-preload';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const DIST = path.resolve(ROOT, process.env.BENCH_DIST ?? 'dist');
const gz = (file: string) => gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;

/** The files a chunk pulls in statically (itself, its static imports, their CSS). */
function closure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

function filesOf(manifest: Record<string, ManifestChunk>, keys: Set<string>): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    js.add(manifest[key].file);
    for (const c of manifest[key].css ?? []) css.add(c);
  }
  return { js: [...js], css: [...css] };
}

// Texts only the admin screens carry: finding one in a customer chunk means admin code leaked.
const ADMIN_MARKERS = ['Pending Purchase Requests', 'Schedule Item Collection', 'Admins + Super Admin', 'Only select yes if'];

export async function runBundle(): Promise<BenchRow[]> {
  const manifestPath = path.join(DIST, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error('No dist/.vite/manifest.json: run `npm run build` first');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'))!;
  const entry = closure(manifest, entryKey);
  const { js, css } = filesOf(manifest, entry);
  const entryJs = js.reduce((sum, f) => sum + gz(f), 0);
  const entryCss = css.reduce((sum, f) => sum + gz(f), 0);

  const adminKeys = Object.keys(manifest).filter((k) => /features\/(admin|super-admin)\//.test(k) && manifest[k].isDynamicEntry);
  const adminOnly = new Set<string>();
  for (const key of adminKeys) for (const k of closure(manifest, key)) if (!entry.has(k)) adminOnly.add(k);
  const adminJs = filesOf(manifest, adminOnly).js.reduce((sum, f) => sum + gz(f), 0);
  const leaked = js.filter((f) => ADMIN_MARKERS.some((marker) => readFileSync(path.join(DIST, f), 'utf8').includes(marker)));
  // The service worker's precache is downloaded by every visitor: it must not name an admin chunk either.
  const sw = existsSync(path.join(DIST, 'sw.js')) ? readFileSync(path.join(DIST, 'sw.js'), 'utf8') : '';
  const adminFiles = filesOf(manifest, new Set(adminKeys)).js;
  const precached = adminFiles.filter((file) => sw.includes(file));
  if (precached.length) leaked.push(...precached.map((file) => `${file} (service worker precache)`));

  // /buy adds the lazy chunk its route loads (the one the server preloads for it) and that chunk's imports.
  const buyKeys = [ROUTE_SCREENS['/buy']];
  if (!manifest[buyKeys[0]]) throw new Error(`${buyKeys[0]} is not in the Vite manifest: is ROUTE_SCREENS up to date?`);
  const buyExtra = new Set<string>();
  for (const key of buyKeys) for (const k of closure(manifest, key)) if (!entry.has(k)) buyExtra.add(k);
  const buyJs = entryJs + filesOf(manifest, buyExtra).js.reduce((sum, f) => sum + gz(f), 0);

  const floor = await build({
    stdin: { contents: "import 'react'; import { createRoot } from 'react-dom/client'; console.log(createRoot);", resolveDir: ROOT },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const floorGz = gzipSync(floor.outputFiles[0].contents, { level: 9 }).length;

  return [
    {
      part: 'bundle',
      figure: "'/' signed-out JavaScript (gzip)",
      before: 133 * 1024,
      ours: entryJs,
      baseline: floorGz,
      unit: 'bytes',
      budget: '≤ 125 KB',
      pass: entryJs <= 125 * 1024,
    },
    { part: 'bundle', figure: "'/' CSS (gzip)", ours: entryCss, baseline: null, unit: 'bytes', budget: '–', pass: true },
    { part: 'bundle', figure: "'/buy' customer JavaScript (gzip)", ours: buyJs, baseline: floorGz, unit: 'bytes', budget: '–', pass: true },
    {
      part: 'bundle',
      figure: 'admin chunk(s) JavaScript (gzip)',
      ours: adminJs,
      baseline: null,
      unit: 'bytes',
      budget: 'separate from customer chunks',
      pass: adminKeys.length > 0 && leaked.length === 0,
      note: leaked.length ? `admin text found in ${leaked.join(', ')}` : `${adminKeys.length} lazy admin entries`,
    },
  ];
}
