import { describe, expect, it } from 'vitest';
import { afterPaintScript } from '../server/lib/after-paint';
import { prerenderedPage } from './prerender-html';

const SHELL = `<!doctype html><html><head><title>Blockspin Market</title><script type="module" src="/assets/index.js"></script></head>
<body>
    <div id="root">
      <div class="boot" aria-busy="true">
        <h1>Blockspin <span>Market</span></h1>
        <p>Loading the market…</p>
      </div>
    </div>
</body></html>`;

describe('prerenderedPage', () => {
  const page = prerenderedPage(SHELL, {
    path: '/login',
    html: '<link rel="preload" as="image" href="/icons/icon.svg"/><main><select aria-label="VS mode"><option>VS</option></select><form><input name="username" value=""/><button type="button" aria-label="Show password">Show</button><button type="submit">Login</button></form><a href="/signup">Sign Up</a></main><script>scrollTo(0,0)</script>',
    styles: '<style data-styled="true" data-styled-version="6.6.0">.a{color:red}</style>',
  });

  it('when a screen is rendered ahead, then it replaces the splash in #root, marked with its path', () => {
    expect(page).toContain('<div id="root" data-prerendered="/login"><main><select');
    expect(page).not.toContain('Loading the market');
    expect(page).toContain('<script type="module" fetchpriority="low" src="/assets/index.js"></script>');
  });

  it('when it has buttons, then each is disabled and marked inert until the app takes over, and links stay links', () => {
    expect(page).toContain('<button disabled="" data-inert="" type="button" aria-label="Show password">');
    expect(page).toContain('<button disabled="" data-inert="" type="submit">Login</button>');
    expect(page).toContain('<a href="/signup">Sign Up</a>');
    expect(page).toContain('<select disabled="" data-inert="" aria-label="VS mode">');
  });

  it('when a control is disabled by the screen itself, then it is not marked (the app keeps it disabled)', () => {
    const own = prerenderedPage(SHELL, { path: '/', html: '<main><button type="submit" disabled="">Send</button></main>', styles: '' });
    expect(own).toContain('<button type="submit" disabled="">Send</button>');
  });

  it('when React put resource hints ahead of the markup, then they go into <head> and #root starts with the screen', () => {
    expect(page).toContain('<link rel="preload" as="image" href="/icons/icon.svg"/><style data-styled');
    expect(page).toContain('<div id="root" data-prerendered="/login"><main>');
  });

  it('when the render has an inline script, then it is dropped (the CSP refuses inline scripts)', () => {
    expect(page).not.toContain('scrollTo');
  });

  it("when it has styles, then they go into <head> as styled-components wrote them, so that the app's styled-components adopts them", () => {
    expect(page).toContain('<style data-styled="true" data-styled-version="6.6.0">.a{color:red}</style></head>');
  });

  it("when the shell loads the app's code, then the entry and its preloads are fetched at low priority (the screen is drawn already)", () => {
    const withCode = SHELL.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/react-1.js"></head>');
    const page = prerenderedPage(withCode, { path: '/', html: '<main></main>', styles: '' });
    expect(page).toContain('<script type="module" fetchpriority="low" src="/assets/index.js"></script>');
    expect(page).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-1.js">');
  });

  it('when the code is to wait for the first paint, then the entry and its preloads are asked for by the after-paint script, at the end of <body>', () => {
    const withCode = SHELL.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/react-1.js"></head>');
    const page = prerenderedPage(withCode, { path: '/', html: '<main></main>', styles: '' }, { afterPaint: true });
    expect(page).not.toContain('<link rel="modulepreload"');
    expect(page).not.toContain('<script type="module"');
    expect(page).toContain(`${afterPaintScript('/assets/index.js', ['/assets/react-1.js'])}</body>`);
    // The only inline script: the one the CSP allows by its hash.
    expect(page.match(/<script\b[^>]*>[^<]+<\/script>/g)).toEqual([afterPaintScript('/assets/index.js', ['/assets/react-1.js'])]);
  });

  it('when the shell has no module script, then it says so (a drawn page that never loads its app would look alive but be dead)', () => {
    expect(() =>
      prerenderedPage(SHELL.replace(/<script[^>]*><\/script>/, ''), { path: '/', html: '<main></main>', styles: '' }, { afterPaint: true }),
    ).toThrow(/no module script/);
  });

  it('when the shell has no splash to replace, then it says so', () => {
    expect(() =>
      prerenderedPage('<html><head></head><body><div id="app"></div></body></html>', { path: '/', html: '', styles: '' }),
    ).toThrow(/no <div id="root">/);
  });
});
