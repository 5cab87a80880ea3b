import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { afterPaintScript } from './after-paint';
import { ADMIN_SCREEN_ROUTES, chunksOf, createShell, ROUTE_SCREENS, SIGNED_IN_HOME_SCREEN, withPreloads } from './route-preload';

const manifest = {
  'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_button-B.js'] },
  '_button-B.js': { file: 'assets/button-B.js' },
  '_dialog-D.js': { file: 'assets/dialog-D.js', imports: ['_button-B.js', 'index.html'] },
  '_pricing-P.js': { file: 'assets/pricing-P.js', imports: ['_dialog-D.js'] },
  'src/routes/buy-screen.tsx': { file: 'assets/shop-page-S.js', imports: ['index.html', '_button-B.js', '_dialog-D.js', '_pricing-P.js'] },
  'src/routes/home-screen.tsx': { file: 'assets/home-screen-H.js', imports: ['index.html', '_dialog-D.js'] },
};

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

function build(html = '<!doctype html><html><head><title>x</title></head><body></body></html>', withManifest = true) {
  dir = mkdtempSync(path.join(tmpdir(), 'shell-'));
  writeFileSync(path.join(dir, 'index.html'), html);
  if (withManifest) {
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return dir;
}

describe('chunksOf', () => {
  it('when a screen is asked, then its chunk and its imports come in load order, minus what the entry loads', () => {
    expect(chunksOf(manifest, 'src/routes/buy-screen.tsx')).toEqual(['assets/shop-page-S.js', 'assets/dialog-D.js', 'assets/pricing-P.js']);
  });

  it('when the screen is not in the build, then there is nothing to preload', () => {
    expect(chunksOf(manifest, 'src/features/nope.tsx')).toEqual([]);
  });
});

describe('withPreloads', () => {
  it('when there are chunks, then a modulepreload link per chunk goes just before </head>', () => {
    expect(withPreloads('<head><title>x</title></head>', ['assets/a.js', 'assets/b.js'])).toBe(
      '<head><title>x</title><link rel="modulepreload" crossorigin href="/assets/a.js"><link rel="modulepreload" crossorigin href="/assets/b.js"></head>',
    );
  });
});

describe('createShell', () => {
  it("when '/buy' is asked, then the shell preloads the shop screen's chunks", () => {
    const shell = createShell(build());
    const html = shell('/buy', true)!;
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/shop-page-S.js">');
    expect(html).toContain('href="/assets/pricing-P.js"');
    expect(html).not.toContain('button-B.js');
    expect(shell('/buy/', true)).toBe(html);
  });

  it("when '/' is asked signed out, then it is index.html as built (the landing is in the entry); signed in, the home screen is preloaded", () => {
    const root = build();
    const shell = createShell(root);
    expect(shell('/', false)).toBe(readFileSync(path.join(root, 'index.html'), 'utf8'));
    expect(shell('/', true)).toContain('href="/assets/home-screen-H.js"');
  });

  it('when the build prerendered the signed-out screens, then a visitor without a session gets them (with the screen preloaded), a signed-in one never', () => {
    const root = build();
    mkdirSync(path.join(root, 'prerender'));
    writeFileSync(
      path.join(root, 'prerender', 'index.html'),
      '<html><head></head><body><div id="root" data-prerendered="/">Sign Up</div></body></html>',
    );
    writeFileSync(
      path.join(root, 'prerender', 'login.html'),
      '<html><head></head><body><div id="root" data-prerendered="/login">Login</div></body></html>',
    );
    writeFileSync(
      path.join(root, 'prerender', 'buy.html'),
      '<html><head></head><body><div id="root" data-prerendered="/buy">Shop</div></body></html>',
    );
    const shell = createShell(root);
    // The shop is drawn for a signed-in visitor, with its screen preloaded.
    expect(shell('/buy', true)).toContain('data-prerendered="/buy"');
    expect(shell('/buy', true)).toContain('href="/assets/shop-page-S.js"');
    expect(shell('/', false)).toContain('data-prerendered="/"');
    expect(shell('/', true)).not.toContain('data-prerendered');
    expect(shell('/login', true)).not.toContain('data-prerendered');
    expect(shell('/buy', false)).not.toContain('data-prerendered');
    expect(shell('/login', false)).toContain('data-prerendered="/login"');
    // A drawn page asks for its screen's code at low priority; the plain shell, which shows nothing without it, does not.
    expect(shell('/buy', true)).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/shop-page-S.js">');
    expect(shell('/buy', false)).toContain('<link rel="modulepreload" crossorigin href="/assets/shop-page-S.js">');
    // No page was made for /signup in this build: the plain shell.
    expect(shell('/signup', false)).not.toContain('data-prerendered');
  });

  it("when the build drew a screen in the visitor's language, then that one is sent; else English's", () => {
    const root = build();
    mkdirSync(path.join(root, 'prerender', 'pt-BR'), { recursive: true });
    writeFileSync(
      path.join(root, 'prerender', 'index.html'),
      '<html lang="en"><head></head><body><div id="root" data-prerendered="/">Sign Up</div></body></html>',
    );
    writeFileSync(
      path.join(root, 'prerender', 'pt-BR', 'index.html'),
      '<html lang="pt-BR"><head></head><body><div id="root" data-prerendered="/">Criar conta</div></body></html>',
    );
    const shell = createShell(root);
    expect(shell('/', false, 'pt-BR')).toContain('Criar conta');
    expect(shell('/', false, 'en')).toContain('Sign Up');
    expect(shell('/', false)).toContain('Sign Up');
    // Not drawn in Spanish in this build: the plain shell, which the app draws in Spanish (never an English page).
    expect(shell('/', false, 'es')).not.toContain('data-prerendered');
  });

  it("when a drawn page loads its code after the first paint, then the screen's chunks join that script's preloads, not <head>", () => {
    const root = build();
    mkdirSync(path.join(root, 'prerender'));
    const page = `<html><head></head><body><div id="root" data-prerendered="/buy">Shop</div>${afterPaintScript('/assets/index-E.js', ['/assets/react-R.js'])}</body></html>`;
    writeFileSync(path.join(root, 'prerender', 'buy.html'), page);
    const html = createShell(root)('/buy', true)!;
    expect(html).toContain(
      afterPaintScript('/assets/index-E.js', [
        '/assets/react-R.js',
        '/assets/shop-page-S.js',
        '/assets/dialog-D.js',
        '/assets/pricing-P.js',
      ]),
    );
    expect(html).not.toContain('<link rel="modulepreload"');
  });

  it('when a route has no screen of its own (admin, unknown), then it is index.html as built', () => {
    const root = build();
    const shell = createShell(root);
    const plain = readFileSync(path.join(root, 'index.html'), 'utf8');
    expect(shell('/admin', true)).toBe(plain);
    expect(shell('/nowhere', true)).toBe(plain);
  });

  it('when the build has no Vite manifest, then every route gets index.html as it is', () => {
    const shell = createShell(build(undefined, false));
    expect(shell('/buy', true)).not.toContain('modulepreload');
  });

  it('when there is no build, then there is no shell', () => {
    expect(createShell(path.join(tmpdir(), 'no-such-build-dir'))('/buy', true)).toBeNull();
  });

  it('when index.html is rebuilt in place, then the new one is served', () => {
    const root = build();
    const shell = createShell(root);
    expect(shell('/login', false)).toContain('<title>x</title>');
    writeFileSync(path.join(root, 'index.html'), '<html><head><title>v2</title></head></html>');
    utimesSync(path.join(root, 'index.html'), new Date(), new Date(Date.now() + 5_000));
    expect(shell('/login', false)).toContain('<title>v2</title>');
  });
});

describe('ROUTE_SCREENS', () => {
  it('names exactly the screen each route file imports lazily (src/routes/*.tsx)', () => {
    const routes = path.resolve(import.meta.dirname, '../../src/routes');
    const lazy = new Map<string, string>();
    for (const file of readdirSync(routes).filter((name) => name.endsWith('.tsx'))) {
      const source = readFileSync(path.join(routes, file), 'utf8');
      const imported = /import\('(\.\.?\/[^']+)'\)/.exec(source)?.[1];
      const route = /path: '([^']+)'/.exec(source)?.[1];
      if (imported && route) lazy.set(route, `${path.posix.join('src/routes', imported)}.tsx`);
    }
    expect(lazy.get('/')).toBe(SIGNED_IN_HOME_SCREEN);
    lazy.delete('/');
    expect(Object.fromEntries([...lazy].filter(([route]) => !route.startsWith('/admin') && !ADMIN_SCREEN_ROUTES.includes(route)))).toEqual(
      ROUTE_SCREENS,
    );
  });
});
